/* Typestates smaller than a word: a record's first word is a 1-byte tag,
 * 3 bytes of flags and a 4-byte length, three typestates in one 8-byte
 * granule of the map, whose bytes' ids are then kept one by one. Code may
 * write the length and the flags; the write of the tag by code that may
 * not is reported at the very byte, its neighbours measured byte by byte.
 * A put over the whole word makes it one typestate again. */
#include <stdint.h>
#include <stdio.h>

#include "rec_pck.h"

struct rec {
	uint8_t tag;
	uint8_t flags[3];
	uint32_t len;
	uint64_t data[2];
};

static struct rec recs[4];

PCK_RW(PCK_Rec_Len)
static void set_len(struct rec *r, uint32_t n)
{
	r->len = n;
}

PCK_RW(PCK_Rec_Flags)
static void set_flag(struct rec *r, int i)
{
	r->flags[i] = 1;
}

PCK_R(PCK_Rec_Len)
static unsigned first_byte(const struct rec *r)
{
	return *(const uint8_t *)r;
}

PCK_R(PCK_Rec_Tag)
static unsigned tag_of(const struct rec *r)
{
	return r->tag;
}

PCK_RW(PCK_Rec_Len)
static void stamp(struct rec *r)
{
	r->tag = 9; // want TYPESTATE-VIOLATION
}

int main(void)
{
	for (int i = 0; i < 4; i++)
		pck_transition_Rec(&recs[i], sizeof recs[i]);
	set_len(&recs[1], 5);
	set_flag(&recs[1], 2);
	PCK_ASSERT(&recs[1].flags[1], PCK_Rec_Flags);
	PCK_ASSERT(&recs[1].len, PCK_Rec_Len);
	printf("%u %u %u\n", (unsigned)recs[1].len, recs[1].flags[2], tag_of(&recs[1]));
	pck_put(&recs[3], 8, PCK_Rec_Len);
	PCK_ASSERT(&recs[3].tag, PCK_Rec_Len);
	printf("%u\n", first_byte(&recs[3]));
	stamp(&recs[2]);
	printf("%u\n", tag_of(&recs[2]));
	return 0;
}

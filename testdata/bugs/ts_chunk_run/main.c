/* A put over a large block already in its typestate returns at once when
 * the block lies in its chunk's run (pages known to be all one typestate):
 * a put that changes a word inside the run must first take its page out of
 * it, or putting the block again would leave that word as it was. Here a
 * region of free slots gets a live object's tag (one word) and fields
 * (three words) inside it, the whole region is put back to free slots, and
 * a function that may write live objects but no free slot writes the two
 * words again: both are free slots now. */
#include <stdio.h>

#include "pool_pck.h"

static long region[1024] __attribute__((aligned(256)));

PCK_W(PCK_Slot_Live) PCK_NONE(PCK_Slot)
static void set_tag(long *tag, long v)
{
	*tag = v; // want TYPESTATE-VIOLATION
}

PCK_W(PCK_Slot_Live) PCK_NONE(PCK_Slot)
static void set_field(long *field, long v)
{
	*field = v; // want TYPESTATE-VIOLATION
}

int main(void)
{
	pck_put(region, sizeof region, PCK_Slot);
	pck_put(&region[300], sizeof(long), PCK_Slot_Live);
	pck_put(&region[600], 3 * sizeof(long), PCK_Slot_Live);
	pck_put(region, sizeof region, PCK_Slot);
	set_tag(&region[300], 1);
	set_field(&region[601], 2);
	printf("%ld %ld\n", region[300], region[601]);
	return 0;
}

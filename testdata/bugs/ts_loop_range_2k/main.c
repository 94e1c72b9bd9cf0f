/* A loop's range pre-check over more than 64 granules, at most 256 (a
 * block's payload of up to 2 KiB): memlens.h's __ml_pck_range_id compares
 * such a range's ids inline too, eight at a time, then the last eight in
 * one load overlapping those before. A range of 200 words whose 160th is
 * the next slot's tag (not writable here) must fail its check in the loop's
 * middle, one of 160 words whose last is a tag in that last load, and the
 * write of the tag report: in a function whose grants are a local
 * (__ml_pck_pre_in_local; its first call passes, since its grants are
 * composed at its first pre-check, which the runtime makes) and in one
 * that pushes them, as it makes a call (__ml_pck_pre_in). */
#include <stdio.h>

#include "pool_pck.h"

#define WORDS 160
#define SLOTS 3

struct slot {
	long tag;
	long data[WORDS - 1];
};

static struct slot pool[SLOTS];

PCK_W(PCK_Slot_Live)
static void clear_words(long *w, int n)
{
	for (int i = 0; i < n; i++)
		w[i] = 0; // want TYPESTATE-VIOLATION
}

static unsigned long calls;

static __attribute__((noinline)) void count(void)
{
	calls++;
}

PCK_W(PCK_Slot_Live)
static void count_and_clear(long *w, int n)
{
	count();
	for (int i = 0; i < n; i++)
		w[i] = 0; // want TYPESTATE-VIOLATION
}

PCK_W(PCK_Slot_Live_Tag)
static void make(struct slot *s, long tag)
{
	pck_transition_Slot_Live(s, sizeof *s);
	s->tag = tag;
}

int main(void)
{
	for (int k = 0; k < SLOTS; k++)
		make(&pool[k], k + 1);
	clear_words(pool[2].data, WORDS - 1); /* (its grants are ready from now on) */
	clear_words(pool[0].data, 200);
	count_and_clear(pool[1].data, WORDS);
	long sum = 0;
	for (int k = 0; k < SLOTS; k++)
		sum += pool[k].tag;
	printf("tags sum to %ld after %lu calls\n", sum, calls);
	return 0;
}

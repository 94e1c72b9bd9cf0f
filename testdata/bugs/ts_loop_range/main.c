/* Loops over a range: before a loop `for (i = A; i < B; i++)` without
 * calls, the instrumenter checks the typestates of p[A] to p[B-1] at once
 * and lets each p[i] inside them go without a check of its own. An access
 * that range does not hold (the loop's index went past B) and every access
 * of a loop whose range failed its check are checked one by one: the
 * report comes from the very access that is bad. */
#include <stdio.h>

#include "pool_pck.h"

#define SLOT  32
#define SLOTS 4

struct slot {
	long tag;
	long data[3];
};

static struct slot pool[SLOTS];

/* The range holds the next slot's tag (not writable here): its check
 * fails, and so does the write of w[3], the fourth. */
PCK_W(PCK_Slot_Live)
static void clear_words(long *w, int n)
{
	for (int i = 0; i < n; i++)
		w[i] = 0; // want TYPESTATE-VIOLATION
}

/* The range, w[0] to w[n-1], passes its check; the loop then writes w[n],
 * the next slot's tag, which it does not hold. */
PCK_W(PCK_Slot_Live)
static void fill_past(long *w, int n)
{
	for (int i = 0; i < n; i++) {
		w[i] = i;
		if (i == n - 1) {
			i++;
			w[i] = i; // want TYPESTATE-VIOLATION
		}
	}
}

PCK_W(PCK_Slot_Live_Tag)
static void make(struct slot *s, long tag)
{
	pck_transition_Slot_Live(s, SLOT);
	s->tag = tag;
}

int main(void)
{
	for (int k = 0; k < SLOTS; k++)
		make(&pool[k], k + 1);
	clear_words(pool[0].data, 4);
	fill_past(pool[1].data, 3);
	long sum = 0;
	for (int k = 0; k < SLOTS; k++)
		sum += pool[k].tag;
	printf("tags sum to %ld\n", sum);
	return 0;
}

/* The same bytes read again after a call that changed their typestate
 * (a slot's tag, its link once the slot is free):
 * the instrumenter leaves out a typestate check that an earlier one of the
 * same access proves, but a call between them (here the pool's free, a
 * transition) must bring it back, in straight code as around a loop. */
#include <stdio.h>

#include "pool_pck.h"

#define SLOT  32
#define SLOTS 8

struct slot {
	long tag;
	long data[3];
};

static struct slot pool[SLOTS];
static struct slot *free_list;

PCK_W(PCK_Slot_Free_Link)
static void push_free(struct slot *s)
{
	pck_transition_Slot_Free(s, SLOT);
	*(struct slot **)s = free_list;
	free_list = s;
}

PCK_R(PCK_Slot_Free_Link) PCK_W(PCK_Slot_Live_Tag)
static long *obj_new(long tag)
{
	struct slot *s = free_list;
	if (!s)
		return NULL;
	free_list = *(struct slot **)s;
	pck_transition_Slot_Live(s, SLOT);
	s->tag = tag;
	return s->data;
}

static void obj_free(long *o)
{
	push_free((struct slot *)(o - 1));
}

PCK_R(PCK_Slot_Live_Tag)
static long stale(long *o)
{
	const struct slot *s = (const struct slot *)(o - 1);
	long v = s->tag;
	v += s->tag; /* proven by the check before */
	obj_free(o);
	return v + s->tag; // want TYPESTATE-VIOLATION
}

PCK_R(PCK_Slot_Live_Tag)
static long stale_in_loop(long *o, int n)
{
	const struct slot *s = (const struct slot *)(o - 1);
	long sum = 0;
	for (int i = 0; i < n; i++) {
		sum += s->tag; // want TYPESTATE-VIOLATION
		if (i == 0)
			obj_free(o);
	}
	return sum;
}

PCK_RW(PCK_Slot_Live)
int main(void)
{
	pck_transition_Pool(pool, sizeof pool);
	for (int i = SLOTS - 1; i >= 0; i--)
		push_free(&pool[i]);
	long *a = obj_new(1), *b = obj_new(2);
	a[0] = 5;
	b[1] = 6;
	long x = stale(a);
	long y = stale_in_loop(b, 2);
	printf("%s\n", x == y ? "same" : "different");
	return 0;
}

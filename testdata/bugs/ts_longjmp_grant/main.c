/* A pool whose allocator gives up with a longjmp when it runs out: the
 * jump skips obj_new's exit, where its grants would be popped. Back at
 * setjmp they are popped all the same, so the caller's stray write into a
 * free slot's link, which only obj_new may touch, is still a violation. */
#include <setjmp.h>
#include <stdio.h>

#include "pool_pck.h"

#define SLOT  32
#define SLOTS 2

struct slot {
	long tag;
	long data[3];
};

static struct slot pool[SLOTS];
static struct slot *free_list;
static jmp_buf out_of_slots;

PCK_W(PCK_Slot_Free_Link)
static void push_free(struct slot *s)
{
	pck_transition_Slot_Free(s, SLOT);
	*(struct slot **)s = free_list;
	free_list = s;
}

PCK_RW(PCK_Slot_Free_Link) PCK_W(PCK_Slot_Live_Tag)
static long *obj_new(long tag)
{
	struct slot *s = free_list;
	if (!s)
		longjmp(out_of_slots, 1);
	free_list = *(struct slot **)s;
	pck_transition_Slot_Live(s, SLOT);
	s->tag = tag;
	return s->data;
}

PCK_RW(PCK_Slot_Live)
int main(void)
{
	pck_transition_Pool(pool, sizeof pool);
	for (int i = SLOTS - 1; i >= 0; i--)
		push_free(&pool[i]);
	long *volatile o = 0; /* (set between setjmp and longjmp) */
	volatile int made = 0;
	if (setjmp(out_of_slots) == 0)
		for (;;)
			o = obj_new(++made);
	printf("out of slots after %d objects\n", made - 1);
	/* one slot back, by hand instead of through push_free */
	pck_transition_Slot_Free(o - 1, SLOT);
	*(long *)(o - 1) = 0; // want TYPESTATE-VIOLATION
	return 0;
}

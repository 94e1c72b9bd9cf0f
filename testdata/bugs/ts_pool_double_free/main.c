/* A pool whose free function asserts the typestate of the slot it is
 * given (PCK_ASSERT): a slot freed twice is already a free one. The pool is
 * one static array, so to memlens's other checks the second free is an
 * ordinary write inside it. */
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
	struct slot *s = (struct slot *)(o - 1);
	PCK_ASSERT(s, PCK_Slot_Live_Tag); // want TYPESTATE-VIOLATION
	push_free(s);
}

PCK_RW(PCK_Slot_Live)
int main(void)
{
	pck_transition_Pool(pool, sizeof pool);
	for (int i = SLOTS - 1; i >= 0; i--)
		push_free(&pool[i]);
	long *a = obj_new(1), *b = obj_new(2);
	a[0] = 5;
	b[0] = 6;
	obj_free(a);
	obj_free(b);
	obj_free(a); /* freed twice: the pool would hand a out twice */
	long *c = obj_new(3), *d = obj_new(4);
	printf("c %s d\n", c == d ? "==" : "!=");
	return 0;
}

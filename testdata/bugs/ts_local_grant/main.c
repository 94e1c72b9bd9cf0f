/* An annotated function that makes no call keeps its grants in a local
 * rather than a frame of the thread's (docs/TYPESTATE.md, "Cost"): its
 * PCK_NONE must still take away what its caller may do. peek may read a
 * live slot's tag but none of its object, which main may write: its first
 * call, before its grants are composed, and its later ones, after, read
 * the tag; its last reads the object. */
#include <stdio.h>

#include "pool_pck.h"

struct slot {
	long tag;
	long data[3];
};

static struct slot pool[2];

PCK_NONE(PCK_Slot_Live) PCK_R(PCK_Slot_Live_Tag)
static long peek(const long *p)
{
	return *p; // want TYPESTATE-VIOLATION
}

PCK_RW(PCK_Slot_Live, PCK_Slot_Live_Tag)
int main(void)
{
	pck_transition_Pool(pool, sizeof pool);
	pck_transition_Slot_Live(&pool[0], sizeof pool[0]);
	pool[0].tag = 7;
	struct slot *s = &pool[0];
	s->data[1] = 5;
	long sum = peek(&s->tag) + peek(&s->tag);
	sum += peek(&s->data[1]);
	printf("%ld\n", sum);
	return 0;
}

/* An annotated function that calls itself (docs/TYPESTATE.md, "Cost"):
 * while its own frame of grants is the innermost, its call pushes none
 * (its grants again would change nothing), and its return must leave its
 * caller's grants as they were. count reads each slot's tag after its
 * recursive call returns (allowed); peek, called at the bottom, may not
 * read tags; main, which may write tags but not read them, reads one after
 * count returned. */
#include <stdio.h>

#include "pool_pck.h"

struct slot {
	long tag;
	long data[3];
};

static struct slot pool[4];

PCK_NONE(PCK_Slot_Live_Tag)
static long peek(const struct slot *s)
{
	return s->tag; // want TYPESTATE-VIOLATION
}

PCK_R(PCK_Slot_Live_Tag)
static long count(const struct slot *s, int n)
{
	if (n == 0)
		return peek(s - 1);
	long rest = count(s + 1, n - 1);
	return rest + s->tag;
}

PCK_W(PCK_Slot_Live_Tag)
int main(void)
{
	pck_transition_Pool(pool, sizeof pool);
	for (int i = 0; i < 4; i++) {
		pck_transition_Slot_Live(&pool[i], sizeof pool[i]);
		pool[i].tag = i + 1;
	}
	const struct slot *s = pool;
	long sum = count(s, 4);
	sum += s[2].tag; // want TYPESTATE-VIOLATION
	printf("%ld\n", sum);
	return 0;
}

/* A chunk's run (pages known to be all one typestate, which a put of that
 * typestate skips) holds only pages whose summary says so: a put of a few
 * words that changes a page next to the run and covers the run's first
 * page in part must leave that page's summary as it was, or a later change
 * inside the page would not take it out of the run. Here a region of free
 * slots (the run), a live tag put at the end of its first page (the run
 * now starts at the second), a put of free slots over that tag and the
 * second page's first word, a live tag in the second page, and the whole
 * region put back to free slots: the function that may write live objects
 * but no free slot writes a free slot. */
#include <stdio.h>

#include "pool_pck.h"

static long region[1024] __attribute__((aligned(256)));

PCK_W(PCK_Slot_Live) PCK_NONE(PCK_Slot)
static void set_tag(long *tag, long v)
{
	*tag = v; // want TYPESTATE-VIOLATION
}

int main(void)
{
	pck_put(region, sizeof region, PCK_Slot);
	pck_put(&region[31], sizeof(long), PCK_Slot_Live);
	pck_put(&region[30], 3 * sizeof(long), PCK_Slot);
	pck_put(&region[40], sizeof(long), PCK_Slot_Live);
	pck_put(region, sizeof region, PCK_Slot);
	set_tag(&region[40], 1);
	printf("%ld\n", region[40]);
	return 0;
}

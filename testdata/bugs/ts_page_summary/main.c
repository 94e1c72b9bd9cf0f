/* A put of a few words inside a 256-byte page that was all one typestate
 * must say the page is no longer so: a range's check skips such pages
 * whole. Here the whole region is one slot's memory, then an object is
 * put in the middle of its second page, and a function that may write the
 * slot's memory but no object clears the region from the first page's last
 * word on (so its check reaches the second page at its start). */
#include <stdio.h>
#include <string.h>

#include "pool_pck.h"

static long region[64] __attribute__((aligned(256)));

PCK_W(PCK_Slot) PCK_NONE(PCK_Slot_Live)
static void clear(long *r, size_t n)
{
	memset(r, 0, n); // want TYPESTATE-VIOLATION
}

int main(void)
{
	pck_transition_Pool(region, sizeof region);
	pck_put(&region[41], 3 * sizeof(long), PCK_Slot_Live);
	clear(&region[31], sizeof region - 31 * sizeof(long));
	printf("%ld\n", region[41]);
	return 0;
}

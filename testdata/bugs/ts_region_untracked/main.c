/* memlens:options typestate=heavy
 *
 * A bump allocator whose overflow path hands out memory from a spare
 * buffer without giving it a typestate. In heavy mode every access needs a
 * grant, and the program grants its objects only: the object from the
 * spare buffer is UNMAPPED memory. (In light mode UNMAPPED is not checked:
 * no annotation names it.) */
#include <stdio.h>

#include "region_pck.h"

struct region {
	unsigned long used, cap;
	unsigned char mem[96];
};

static struct region region;
static unsigned char spare[256];
static unsigned long spare_used;

PCK_RW(PCK_Region_RegionHdr_Used, PCK_Region_RegionHdr_Cap)
static void region_init(struct region *r)
{
	pck_transition_Region(r, sizeof *r);
	r->used = 0;
	r->cap = sizeof r->mem;
}

PCK_RW(PCK_Region_RegionHdr_Used) PCK_R(PCK_Region_RegionHdr_Cap)
static void *region_alloc(struct region *r, unsigned long n)
{
	n = (n + 7) & ~7UL;
	if (r->used + n > r->cap) {
		void *p = spare + spare_used; /* (no pck_transition_Obj) */
		spare_used += n;
		return p;
	}
	void *p = r->mem + r->used;
	r->used += n;
	pck_transition_Obj(p, n);
	return p;
}

PCK_RW(PCK_Obj)
int main(void)
{
	region_init(&region);
	long total = 0;
	for (int i = 0; i < 5; i++) {
		long *o = region_alloc(&region, 4 * sizeof(long));
		for (int k = 0; k < 4; k++)
			o[k] = i * 4 + k; // want TYPESTATE-VIOLATION
		total += o[3]; // want TYPESTATE-VIOLATION
	}
	printf("total %ld\n", total);
	return 0;
}

/* Adjacent words of one cell read or written in turn with no call between:
 * the instrumenter checks the first with the granules the others take
 * (docs/TYPESTATE.md, "Cost"), and each of those is checked on its own
 * whenever that test failed, so a report still comes from the very access
 * that is bad: the word after, the word before, the third of a run, a
 * write where only reading is granted, in a function whose grants are a
 * local, and across a call that freed the cell. */
#include <stdio.h>

#include "cell_pck.h"

#define CELLS 8

static long heap[CELLS * 4];
static long *free_list;

PCK_W(PCK_Cell_Free_Link)
static void cell_free(long *c)
{
	pck_transition_Cell_Free(c, 4 * sizeof *c);
	c[0] = (long)free_list;
	free_list = c;
}

PCK_R(PCK_Cell_Free_Link) PCK_W(PCK_Cell_Live_Tag, PCK_Cell_Live_Count)
static long *cell_new(long tag)
{
	long *c = free_list;
	free_list = (long *)c[0];
	pck_transition_Cell_Live(c, 4 * sizeof *c);
	c[0] = tag;
	c[1] = 1;
	return c;
}

/* (an annotated callee: its callers push their grants) */
PCK_R(PCK_Cell_Live_Tag)
static long tag_of(const long *c)
{
	return c[0];
}

PCK_R(PCK_Cell_Live_Tag)
static long word_after(long *c)
{
	long v = c[0];
	v += c[1]; // want TYPESTATE-VIOLATION
	return v + tag_of(c);
}

PCK_R(PCK_Cell_Live_Data, PCK_Cell_Live_Tag)
static long word_before(long *c)
{
	long v = c[2];
	v += c[1]; // want TYPESTATE-VIOLATION
	return v + tag_of(c);
}

PCK_R(PCK_Cell_Live_Tag, PCK_Cell_Live_Count)
static long third_of_run(long *c)
{
	long v = c[0];
	v += c[1];
	v += c[2]; // want TYPESTATE-VIOLATION
	return v + tag_of(c);
}

PCK_R(PCK_Cell_Live_Tag, PCK_Cell_Live_Count) PCK_W(PCK_Cell_Live_Tag)
static long write_read_only(long *c)
{
	c[0] = 7;
	c[1] = 8; // want TYPESTATE-VIOLATION
	return tag_of(c);
}

PCK_R(PCK_Cell_Live_Tag)
static long local_grants(const long *c)
{
	long v = c[0];
	return v + c[1]; // want TYPESTATE-VIOLATION
}

PCK_R(PCK_Cell_Live_Tag, PCK_Cell_Live_Count)
static long across_free(long *c)
{
	long v = c[1];
	cell_free(c);
	return v + (c[0] != 0); // want TYPESTATE-VIOLATION
}

int main(void)
{
	pck_transition_Heap(heap, sizeof heap);
	for (int i = CELLS - 1; i >= 0; i--)
		cell_free(&heap[4 * i]);
	long sum = word_after(cell_new(1));
	sum += word_before(cell_new(2));
	sum += third_of_run(cell_new(3));
	sum += write_read_only(cell_new(4));
	sum += local_grants(cell_new(5));
	sum += across_free(cell_new(6));
	printf("sum %ld\n", sum);
	return 0;
}

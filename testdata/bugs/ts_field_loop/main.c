/* Loops over an object's fields right after its transition: the
 * instrumenter tests c[K + i] against the transition's size instead of
 * checking it, where the copies of the layout's `# Field` hold it for
 * every i of the loop (make_object's). Each case here must still report:
 * a loop past the fields (its bound above the transition's), a transition
 * shorter than the loop, an index that starts in the header, a call
 * changing the typestate in between, a read where only writes are
 * granted and an index the loop's body assigns. */
#include <stdio.h>

#include "cell_pck.h"

#define CELL 6 /* words: a header and four fields */

static unsigned long heap[8 * CELL];

PCK_W(PCK_Cell_Object_Header_Tag, PCK_Cell_Object_Header_Kind, PCK_Field)
static void make_object(unsigned long *c, unsigned long nfields)
{
	pck_transition_Cell_Object(c, (2 + nfields) * sizeof *c);
	c[0] = nfields;
	c[1] = 1;
	for (unsigned long i = 0; i < nfields; i++)
		c[2 + i] = 0;
}

PCK_W(PCK_Cell_Free_Span, PCK_Cell_Free_Next)
static void make_free(unsigned long *c, unsigned long words)
{
	pck_transition_Cell_Free(c, words * sizeof *c);
	c[0] = words;
	c[1] = 0;
}

PCK_W(PCK_Field)
static void fill_past(unsigned long *c, unsigned long nfields, unsigned long count)
{
	pck_transition_Cell_Object(c, (2 + nfields) * sizeof *c);
	for (unsigned long i = 0; i < count; i++)
		c[2 + i] = i; // want TYPESTATE-VIOLATION
}

PCK_W(PCK_Field)
static void fill_short(unsigned long *c, unsigned long nfields)
{
	pck_transition_Cell_Object(c, (1 + nfields) * sizeof *c);
	for (unsigned long i = 0; i < nfields; i++)
		c[2 + i] = i; // want TYPESTATE-VIOLATION
}

PCK_W(PCK_Field)
static void fill_from_header(unsigned long *c, unsigned long nfields)
{
	pck_transition_Cell_Object(c, (2 + nfields) * sizeof *c);
	for (unsigned long i = 0; i < nfields; i++)
		c[1 + i] = i; // want TYPESTATE-VIOLATION
}

PCK_W(PCK_Field)
static void fill_after_free(unsigned long *c, unsigned long nfields)
{
	pck_transition_Cell_Object(c, (2 + nfields) * sizeof *c);
	make_free(c, CELL);
	for (unsigned long i = 0; i < nfields; i++)
		c[2 + i] = i; // want TYPESTATE-VIOLATION
}

PCK_W(PCK_Field)
static unsigned long sum_fields(unsigned long *c, unsigned long nfields)
{
	unsigned long s = 0;
	pck_transition_Cell_Object(c, (2 + nfields) * sizeof *c);
	for (unsigned long i = 0; i < nfields; i++)
		s += c[2 + i]; // want TYPESTATE-VIOLATION
	return s;
}

PCK_W(PCK_Field)
static void fill_skipping(unsigned long *c, unsigned long nfields, unsigned long skip)
{
	pck_transition_Cell_Object(c, (2 + nfields) * sizeof *c);
	for (unsigned long i = 0; i < nfields; i++) {
		i += skip;
		c[2 + i] = i; // want TYPESTATE-VIOLATION
	}
}

PCK_NONE(PCK_Cell_Free)
int main(void)
{
	pck_transition_Heap(heap, sizeof heap);
	for (int k = 0; k < 8; k++)
		make_object(heap + k * CELL, CELL - 2);
	fill_past(heap + CELL, CELL - 2, CELL - 1);
	make_free(heap + 3 * CELL, CELL);
	fill_short(heap + 3 * CELL, CELL - 2);
	fill_from_header(heap + 4 * CELL, CELL - 2);
	fill_after_free(heap + 5 * CELL, CELL - 2);
	unsigned long s = sum_fields(heap + 6 * CELL, CELL - 2);
	fill_skipping(heap, CELL - 2, 2);
	printf("%lu %lu %lu\n", heap[2 * CELL], heap[CELL + 5], s);
	return 0;
}

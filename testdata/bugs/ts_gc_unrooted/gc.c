/* gc.c: a mark-sweep collector. The heap is a sequence of cells. A cell's
 * first word tells what it is: a free run (its length in words << 2, on
 * the free list through its second word) or an object (its number of
 * fields << 2 | OBJ, with MARK while a collection finds it reachable),
 * whose second word is its kind. Sweeping turns each run of dead objects
 * and free cells into one free cell. gc.pck gives the typestates; each
 * function may touch only the parts its annotation names. */
#include "gc.h"

#include <stdio.h>
#include <stdlib.h>

#include "gc_pck.h"

#define HEAP_WORDS 16384
#define OBJ  2u
#define MARK 1u

static uintptr_t heap[HEAP_WORDS];
static uintptr_t *free_list;
static int ready;
uintptr_t *gc_roots[GC_ROOTS];
size_t gc_nroots;
unsigned long gc_collections;

static size_t cell_words(uintptr_t first)
{
	return first & OBJ ? 2 + (first >> 2) : first >> 2;
}

PCK_R(PCK_Cell_Free_Span, PCK_Cell_Object_Header_Tag)
static uintptr_t first_word(const uintptr_t *c)
{
	return c[0];
}

PCK_W(PCK_Cell_Object_Header_Tag)
static void set_tag(uintptr_t *c, uintptr_t tag)
{
	c[0] = tag;
}

PCK_R(PCK_Cell_Object_Header_Kind)
static uintptr_t kind_of(const uintptr_t *o)
{
	return o[1];
}

uintptr_t gc_kind(const uintptr_t *o)
{
	return kind_of(o);
}

PCK_W(PCK_Cell_Free_Span, PCK_Cell_Free_Next)
static void make_free(uintptr_t *c, size_t words)
{
	pck_transition_Cell_Free(c, words * sizeof *c);
	c[0] = words << 2;
	c[1] = (uintptr_t)free_list;
	free_list = c;
}

PCK_W(PCK_Cell_Object_Header_Tag, PCK_Cell_Object_Header_Kind, PCK_Field)
static void make_object(uintptr_t *c, size_t nfields, uintptr_t kind)
{
	pck_transition_Cell_Object(c, (2 + nfields) * sizeof *c);
	c[0] = nfields << 2 | OBJ;
	c[1] = kind;
	for (size_t i = 0; i < nfields; i++)
		c[2 + i] = 0;
}

/* First fit; a rest too small to be a free cell goes with the object. */
PCK_R(PCK_Cell_Free_Span) PCK_RW(PCK_Cell_Free_Next)
static uintptr_t *take(size_t nfields, uintptr_t kind)
{
	size_t need = 2 + nfields;
	uintptr_t *prev = NULL;
	for (uintptr_t *c = free_list; c; prev = c, c = (uintptr_t *)c[1]) {
		size_t have = c[0] >> 2;
		if (have < need)
			continue;
		if (prev)
			prev[1] = c[1];
		else
			free_list = (uintptr_t *)c[1];
		if (have - need >= 2)
			make_free(c + need, have - need);
		else
			need = have;
		make_object(c, need - 2, kind);
		return c;
	}
	return NULL;
}

PCK_RW(PCK_Cell_Object_Header_Tag) PCK_R(PCK_Field)
static void mark(uintptr_t *root)
{
	static uintptr_t *stack[HEAP_WORDS / 2];
	size_t n = 0;
	stack[n++] = root;
	while (n) {
		uintptr_t *o = stack[--n];
		if (!o)
			continue;
		uintptr_t tag = first_word(o);
		if (tag & MARK)
			continue;
		set_tag(o, tag | MARK);
		if (kind_of(o) == KIND_NODE) {
			stack[n++] = (uintptr_t *)o[2];
			stack[n++] = (uintptr_t *)o[3];
		}
	}
}

static size_t sweep(void)
{
	free_list = NULL;
	size_t freed = 0, run_words = 0;
	uintptr_t *run = NULL;
	for (uintptr_t *c = heap; c < heap + HEAP_WORDS;) {
		uintptr_t first = first_word(c);
		size_t n = cell_words(first);
		if ((first & OBJ) && (first & MARK)) {
			set_tag(c, first & ~(uintptr_t)MARK);
			if (run)
				make_free(run, run_words);
			run = NULL;
		} else {
			if (first & OBJ)
				freed += n;
			if (!run)
				run_words = 0, run = c;
			run_words += n;
		}
		c += n;
	}
	if (run)
		make_free(run, run_words);
	return freed;
}

static void init(void)
{
	pck_transition_Heap(heap, sizeof heap);
	make_free(heap, HEAP_WORDS);
	ready = 1;
}

size_t gc_collect(void)
{
	for (size_t i = 0; i < gc_nroots; i++)
		mark(gc_roots[i]);
	gc_collections++;
	return sweep();
}

uintptr_t *gc_alloc(size_t nfields, uintptr_t kind)
{
	if (!ready)
		init();
	uintptr_t *o = take(nfields, kind);
	if (!o) {
		gc_collect();
		o = take(nfields, kind);
	}
	return o;
}

/* Accesses right after a transition, to the parts it set at fixed places:
 * the instrumenter leaves out the check of one its function's own grants
 * allow, as the generated header says where each part is. Each case here
 * must still report: a transition too short for its fixed parts (the
 * whole block takes the union's typestate), a grant withdrawn by a later
 * PCK_NONE, a call changing the typestate in between, a read where only
 * writes are granted, a pointer assigned in between, a size assigned
 * in between, a pck_protect before the transition that took the
 * function's own grant away and a size too short for a write through a
 * cast of the pointer. */
#include <stdio.h>

#include "block_pck.h"

#define WORDS 4

static unsigned long heap[8 * WORDS];

PCK_W(PCK_Block_Free_Size, PCK_Block_Free_Next)
static void make_free(unsigned long *b, unsigned long words, unsigned long *next)
{
	pck_transition_Block_Free(b, words * sizeof *b);
	b[0] = words; // want TYPESTATE-VIOLATION
	b[1] = (unsigned long)next;
}

PCK_W(PCK_Block_Used_Size, PCK_Block_Used_Tag)
static void make_used(unsigned long *b, unsigned long tag)
{
	pck_transition_Block_Used(b, WORDS * sizeof *b);
	b[0] = WORDS;
	b[1] = tag;
}

PCK_W(PCK_Block_Used_Size, PCK_Block_Used_Tag) PCK_NONE(PCK_Block_Used_Tag)
static void make_used_untagged(unsigned long *b)
{
	pck_transition_Block_Used(b, WORDS * sizeof *b);
	b[0] = WORDS;
	b[1] = 0; // want TYPESTATE-VIOLATION
}

PCK_W(PCK_Block_Free_Size, PCK_Block_Free_Next)
static void free_then_reuse(unsigned long *b)
{
	pck_transition_Block_Free(b, WORDS * sizeof *b);
	b[0] = WORDS;
	make_used(b, 7);
	b[1] = 0; // want TYPESTATE-VIOLATION
}

PCK_W(PCK_Block_Free_Size, PCK_Block_Free_Next)
static unsigned long free_and_peek(unsigned long *b)
{
	pck_transition_Block_Free(b, WORDS * sizeof *b);
	b[0] = WORDS;
	return b[1]; // want TYPESTATE-VIOLATION
}

PCK_W(PCK_Block_Free_Size, PCK_Block_Free_Next)
static void free_other(unsigned long *b, unsigned long *other)
{
	pck_transition_Block_Free(b, WORDS * sizeof *b);
	b = other;
	b[0] = WORDS; // want TYPESTATE-VIOLATION
}

PCK_W(PCK_Block_Free_Size, PCK_Block_Free_Next)
static void free_resized(unsigned long *b, unsigned long words)
{
	pck_transition_Block_Free(b, words * sizeof *b);
	words = WORDS;
	b[0] = words; // want TYPESTATE-VIOLATION
}

PCK_W(PCK_Block_Free_Size, PCK_Block_Free_Next)
static void free_protected(unsigned long *b)
{
	pck_protect(PCK_Block_Free_Size, PCK_PERM_R);
	pck_transition_Block_Free(b, WORDS * sizeof *b);
	b[0] = WORDS; // want TYPESTATE-VIOLATION
	pck_unprotect();
}

PCK_W(PCK_Block_Free_Size, PCK_Block_Free_Next)
static void free_short_cast(unsigned long *b, unsigned long words)
{
	pck_transition_Block_Free(b, words * sizeof *b);
	*(long *)b = (long)words; // want TYPESTATE-VIOLATION
}

PCK_NONE(PCK_Block_Free)
int main(void)
{
	pck_transition_Blocks(heap, sizeof heap);
	for (int i = 0; i < 8; i++)
		make_free(heap + i * WORDS, WORDS, i < 7 ? heap + (i + 1) * WORDS : NULL);
	make_used(heap, 1);
	make_free(heap + 2 * WORDS, 1, NULL);
	make_used_untagged(heap + 3 * WORDS);
	free_then_reuse(heap + 4 * WORDS);
	unsigned long peeked = free_and_peek(heap + 5 * WORDS);
	free_other(heap + 6 * WORDS, heap);
	free_resized(heap + 7 * WORDS, 1);
	free_protected(heap + WORDS);
	free_short_cast(heap + 6 * WORDS, 1);
	printf("%lu %lu %d\n", heap[0], heap[WORDS * 4 + 1], peeked != 0);
	return 0;
}

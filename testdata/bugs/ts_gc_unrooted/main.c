/* A mutator of gc.c that forgets to root an object across a collection
 * (paper 003's premature free): the collector sweeps it into a free cell,
 * and the mutator then reads a field that is no longer one. The heap is
 * one static array, so memlens's other checks see an ordinary read. */
#include <stdio.h>

#include "gc.h"
#include "gc_pck.h"

/* The mutator reads and writes fields, and never free memory (named, so
 * light mode checks it). */
PCK_RW(PCK_Field) PCK_NONE(PCK_Cell_Free)
int main(void)
{
	uintptr_t *kept = gc_alloc(2, KIND_WORDS);
	uintptr_t *lost = gc_alloc(3, KIND_WORDS); /* never put in gc_roots */
	kept[2] = 10;
	lost[2] = 20;
	gc_roots[0] = kept;
	gc_nroots = 1;
	size_t freed = gc_collect();
	printf("freed %zu words, kept %lu\n", freed, (unsigned long)kept[2]);
	printf("lost %lu\n", (unsigned long)lost[2]); // want TYPESTATE-VIOLATION
	return 0;
}

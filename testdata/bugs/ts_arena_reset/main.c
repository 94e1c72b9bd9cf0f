/* memlens:options typestate=heavy
 *
 * A region allocator's user keeps a pointer to an object across a reset
 * of its region, which frees every object at once, and fills it again:
 * the words are the region's free space by then. The allocator gives its
 * objects a typestate at each allocation and the region's space back at
 * each reset (arena.c), with 4-byte header fields that share a word; in
 * heavy mode the code that fills objects may write objects only. */
#include <stdio.h>

#include "arena.h"
#include "arena_pck.h"

PCK_RW(PCK_Obj)
static void fill(long *w, size_t n, long seed)
{
	for (size_t i = 0; i < n; i++)
		w[i] = seed + (long)i; // want TYPESTATE-VIOLATION
}

PCK_R(PCK_Obj)
static long sum(const long *w, size_t n)
{
	long s = 0;
	for (size_t i = 0; i < n; i++)
		s += w[i];
	return s;
}

PCK_RW(PCK_UNMAPPED)
int main(void)
{
	arena_init();
	struct region *r = arena_new();
	long total = 0, *first = NULL;
	for (int round = 0; round < 4; round++) {
		long *w;
		for (int n = 0; (w = arena_alloc(r, 1 + (size_t)(round * 7 + n * 3) % 13, 1)) != NULL; n++) {
			fill(w, arena_words(w), round * 100 + n);
			total += sum(w, arena_words(w));
			if (!first)
				first = w;
		}
		arena_reset(r);
	}
	fill(first, 2, 0);
	printf("total %ld\n", total);
	return 0;
}

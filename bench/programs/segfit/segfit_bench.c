/* segfit_bench.c: an allocator benchmark with typestates (paper 003,
 * docs/TYPESTATE.md): the annotated segregated free-list allocator of the
 * corpus (testdata/clean/ts_segfit/seg.c, included as it is) under random
 * allocations, growths and frees in 256 slots. Each payload is an array of
 * words written when it is allocated or grown and summed before it is
 * freed or grown again; prints the allocator's totals and a checksum.
 * memlens bench measures it with the typestate checks (tool
 * memlens-typestate) and with its header's tracking compiled out (tool
 * memlens), docs/BENCHMARKS.md.
 * memlens:bench
 * memlens:typestate
 */
#include <stdio.h>
#include <stdlib.h>

#include "../../../testdata/clean/ts_segfit/seg.c"

#define RNG_SEED 0x9E3779B97F4A7C15ULL
#include "../rng.h"

#define SLOTS 256

/* Words from..to of p: word i is seed * (i + 1). */
PCK_RW(PCK_Chunk_Used)
static void fill(unsigned long *p, size_t from, size_t to, unsigned long seed)
{
	for (size_t i = from; i < to; i++)
		p[i] = seed * (i + 1);
}

PCK_R(PCK_Chunk_Used)
static unsigned long sum(const unsigned long *p, size_t n, unsigned long seed, unsigned long *damaged)
{
	unsigned long s = 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i] != seed * (i + 1))
			++*damaged;
		s = s * 31 + p[i];
	}
	return s;
}

int main(int argc, char **argv)
{
	long ops = argc > 1 ? atol(argv[1]) : 10000000;
	seg_init();
	unsigned long *slot[SLOTS] = {0};
	size_t len[SLOTS] = {0};
	unsigned long seed[SLOTS] = {0};
	unsigned long check = 0, damaged = 0, grown = 0, failed = 0;
	for (long op = 0; op < ops; op++) {
		size_t i = xorshift64() % SLOTS;
		if (!slot[i]) {
			size_t n = 1 + xorshift64() % (xorshift64() % 8 == 0 ? 256 : 24);
			unsigned long *p = seg_malloc(n * sizeof *p);
			if (!p) {
				failed++;
				continue;
			}
			seed[i] = xorshift64() | 1;
			fill(p, 0, n, seed[i]);
			slot[i] = p;
			len[i] = n;
			continue;
		}
		check = check * 1000003 ^ sum(slot[i], len[i], seed[i], &damaged);
		if (xorshift64() % 4 == 0) {
			size_t n = len[i] + 1 + xorshift64() % 32;
			unsigned long *q = seg_realloc(slot[i], n * sizeof *q);
			if (!q) {
				failed++;
				continue;
			}
			fill(q, len[i], n, seed[i]);
			slot[i] = q;
			len[i] = n;
			grown++;
		} else {
			seg_free(slot[i]);
			slot[i] = NULL;
		}
	}
	for (size_t i = 0; i < SLOTS; i++) {
		if (slot[i])
			check = check * 1000003 ^ sum(slot[i], len[i], seed[i], &damaged);
		seg_free(slot[i]);
	}
	size_t used, used_bytes, free_chunks, free_bytes;
	seg_stats(&used, &used_bytes, &free_chunks, &free_bytes);
	printf("checksum %lx, %lu grown, %lu failed, %lu damaged; at the end %zu used, %zu free chunks (%zu bytes)\n",
	       check, grown, failed, damaged, used, free_chunks, free_bytes);
	return damaged != 0;
}

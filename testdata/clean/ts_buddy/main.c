/* A workload over buddy.c: random allocations, growths and frees in 64
 * slots, each payload filled with a pattern checked before it is freed. At
 * the end every block is freed, so merging must have left the arena one
 * free block. `ts_buddy TEMPLATE [COUNTDOWN]` injects one bug (buddy.h);
 * each operation after it is then logged on stderr. */
#include <stdio.h>
#include <stdlib.h>

#include "buddy.h"
#include "buddy_pck.h"

#define SLOTS 64
#define OPS   6000

static unsigned long rng = 54321;

static unsigned long next_rand(void)
{
	rng = rng * 6364136223846793005UL + 1442695040888963407UL;
	return rng >> 33;
}

static void fill(unsigned char *p, size_t from, size_t to, unsigned char seed)
{
	for (size_t i = from; i < to; i++)
		p[i] = (unsigned char)(seed ^ i); /* reported: wrong_size_class */
}

static int intact(const unsigned char *p, size_t n, unsigned char seed)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != (unsigned char)(seed ^ i))
			return 0;
	return 1;
}

/* The program may touch payloads (and, for typestate=heavy, memory that
 * has no typestate). */
PCK_RW(PCK_UNMAPPED, PCK_Block_Used)
int main(int argc, char **argv)
{
	if (argc > 1) {
		buddy_inject = argv[1];
		buddy_countdown = argc > 2 ? atol(argv[2]) : 100;
	}
	buddy_init();
	unsigned char *slot[SLOTS] = {0};
	size_t len[SLOTS] = {0};
	unsigned char seed[SLOTS] = {0};
	unsigned long sum = 0, grown = 0, failed = 0;
	int damaged = 0;
	for (long op = 0; op < OPS; op++) {
		if (buddy_countdown < 0)
			fprintf(stderr, "op %ld\n", op);
		size_t i = next_rand() % SLOTS;
		if (!slot[i]) {
			size_t n = 1 + next_rand() % (next_rand() % 8 == 0 ? 4000 : 300);
			unsigned char *p = buddy_malloc(n);
			if (!p) {
				failed++;
				continue;
			}
			if (buddy_injecting("header_overwrite"))
				((size_t *)p)[-2] = 0; /* reported: header_overwrite */
			seed[i] = (unsigned char)next_rand();
			fill(p, 0, n, seed[i]);
			slot[i] = p;
			len[i] = n;
			continue;
		}
		if (!intact(slot[i], len[i], seed[i]))
			damaged++;
		sum = sum * 31 + slot[i][len[i] / 2];
		if (next_rand() % 4 == 0) {
			size_t n = len[i] + 1 + next_rand() % 400;
			unsigned char *q = buddy_realloc(slot[i], n);
			if (!q) {
				failed++;
				continue;
			}
			fill(q, len[i], n, seed[i]);
			slot[i] = q;
			len[i] = n;
			grown++;
		} else {
			buddy_free(slot[i]);
			slot[i] = NULL;
		}
	}
	size_t used, used_bytes, free_blocks, free_bytes;
	buddy_stats(&used, &used_bytes, &free_blocks, &free_bytes);
	printf("live: %zu blocks, %zu bytes; free: %zu blocks, %zu bytes\n", used, used_bytes, free_blocks, free_bytes);
	for (size_t i = 0; i < SLOTS; i++) {
		if (slot[i] && !intact(slot[i], len[i], seed[i]))
			damaged++;
		buddy_free(slot[i]);
	}
	buddy_stats(&used, &used_bytes, &free_blocks, &free_bytes);
	printf("after freeing all: %zu used, %zu free blocks (%zu bytes)\n", used, free_blocks, free_bytes);
	printf("checksum %lu, %lu grown, %lu failed, %d damaged\n", sum, grown, failed, damaged);
	return damaged != 0;
}

/* The unaligned load and store idiom of codecs (xxHash, lz4, zstd): fixed
 * size memcpy, memmove, mempcpy and memset over heap, stack and global
 * buffers at every alignment, directly and through functions that only
 * call memcpy or memset; a struct holding pointers copied by a fixed
 * memcpy, then used and freed through the copy; a pointer carried through
 * an integer and a byte buffer by fixed copies. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint16_t rd16(const void *p) { uint16_t v; memcpy(&v, p, sizeof v); return v; }
static uint32_t rd32(const void *p) { uint32_t v; memcpy(&v, p, sizeof v); return v; }
static uint64_t rd64(const void *p) { uint64_t v; memcpy(&v, p, sizeof v); return v; }
static void wr32(void *p, uint32_t v) { memcpy(p, &v, sizeof v); }
static void wr64(void *p, uint64_t v) { memmove(p, &v, sizeof v); }
static void *copy_bytes(void *d, const void *s, size_t n) { return memcpy(d, s, n); }
static void fill(void *d, int c, size_t n) { memset(d, c, n); }
static uint32_t rd32_through(const void *p) { uint32_t v; copy_bytes(&v, p, sizeof v); return v; }

struct item {
	char *name;
	int weight;
	struct item *next;
};

static unsigned char global_buf[40];

static uint64_t mix(unsigned char *b, size_t n)
{
	uint64_t h = 0;
	for (size_t i = 0; i + 8 <= n; i++)
		h = (h ^ rd64(b + i)) * 0x100000001b3u;
	for (size_t i = 0; i + 4 <= n; i++)
		h += rd32(b + i) ^ rd16(b + i + 2) ^ rd32_through(b + n - 4 - i);
	for (size_t i = 0; i + 8 <= n; i += 5) {
		wr32(b + i, (uint32_t)h);
		wr64(b + i, h >> 3);
	}
	return h;
}

int main(void)
{
	unsigned char *heap = malloc(37);
	unsigned char stack[29];
	if (heap == NULL)
		return 1;
	for (int i = 0; i < 37; i++)
		heap[i] = (unsigned char)(i * 37 + 1);
	memset(stack, 0x5a, sizeof stack);
	fill(global_buf, 3, 16);
	char *end = mempcpy(global_buf + 16, heap, 8);
	*end = 9;
	uint64_t h = mix(heap, 37) ^ mix(stack, sizeof stack) ^ mix(global_buf, sizeof global_buf);

	struct item first = {strdup("first"), 3, NULL};
	struct item *copy = malloc(sizeof *copy);
	if (copy == NULL || first.name == NULL)
		return 1;
	memcpy(copy, &first, sizeof first);
	copy->next = copy;
	printf("%s %d %s\n", copy->name, copy->weight, copy->next->name);

	/* a pointer through an integer and through a byte buffer */
	uint64_t bits;
	char *name;
	memcpy(&bits, &copy->name, sizeof bits);
	memcpy(&name, &bits, sizeof name);
	unsigned char bytes[sizeof name];
	memcpy(bytes, &name, sizeof name);
	char *again;
	memcpy(&again, bytes, sizeof again);
	printf("%s %c %016llx\n", again, name[1], (unsigned long long)h);
	free(again);
	free(copy);
	free(heap);
	return 0;
}

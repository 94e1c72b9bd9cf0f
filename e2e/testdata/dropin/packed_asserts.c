/* Static assertions on the sizes and offsets of packed structs (wire
 * formats), at file scope, in a block and in a struct's body, in each way
 * gcc packs a struct: the front end lays structs out unpacked, and found
 * them false (the unit was compiled uninstrumented). */
#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct __attribute__((packed)) header {
	uint8_t tag;
	uint32_t len;
	uint16_t crc;
};
_Static_assert(sizeof(struct header) == 7, "header is 7 bytes");

struct record {
	uint8_t kind;
	uint64_t stamp;
	_Static_assert(1, "in a struct's body");
} __attribute__((packed));
static_assert(offsetof(struct record, stamp) == 1, "stamp follows kind");

typedef struct {
	uint16_t a;
	uint32_t b;
} __attribute__((packed)) pair_t;

int main(int argc, char **argv)
{
	(void)argv;
	_Static_assert(sizeof(pair_t) == 6, "pair is 6 bytes");
	unsigned char wire[] = {1, 4, 0, 0, 0, 0x34, 0x12};
	struct header *h = malloc(sizeof *h);
	memcpy(h, wire, sizeof wire);
	struct record r = {.kind = 2, .stamp = 1234567890123u};
	pair_t *pairs = calloc(3, sizeof *pairs);
	pairs[argc].b = 77;
	printf("%u %u %x %zu %llu %u\n", h->tag, h->len, h->crc, sizeof r, (unsigned long long)r.stamp, pairs[1].b);
	free(pairs);
	free(h);
	return 0;
}

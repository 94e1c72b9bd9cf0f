/* Codecs read and write unaligned words with a fixed-size memcpy (the
 * unaligned load and store idiom), some through a function that only calls
 * memcpy (xxHash's XXH_memcpy); memlens makes such a copy inline. Reads,
 * writes and a memset run one byte past a heap block. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t read32(const void *p)
{
	uint32_t v;
	memcpy(&v, p, sizeof v); // want HEAP-BUFFER-OVERFLOW
	return v;
}

static void *copy_bytes(void *d, const void *s, size_t n)
{
	return memcpy(d, s, n); // want HEAP-BUFFER-OVERFLOW
}

static uint16_t read16(const void *p)
{
	uint16_t v;
	copy_bytes(&v, p, sizeof v);
	return v;
}

static void write64(void *p, uint64_t v)
{
	memcpy(p, &v, sizeof v); // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	unsigned char *b = malloc(11);
	if (b == NULL)
		return 1;
	memset(b, 7, 11);
	uint32_t sum = 0;
	for (int i = 0; i + 4 <= 12; i += 4)
		sum += read32(b + i);
	sum += read16(b + 8) + read16(b + 10);
	write64(b + 4, 0x0102030405060708u);
	memset(b + 4, 0, 8); // want HEAP-BUFFER-OVERFLOW
	printf("%u %u\n", sum, b[3]);
	free(b);
	return 0;
}

/* A fixed-size copy made inline in a leaf function (one that calls
 * nothing else: it pushes no frame), inlined by gcc or not, called from a
 * function called from main (or through a function that only calls
 * memcpy, xxHash's XXH_memcpy): the report's stack names the leaf, its
 * caller and main, as for any other function (TestLeafCopyStacks). */
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

__attribute__((noinline)) static uint32_t read32_out(const void *p)
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

static void store32(void *p, uint32_t v)
{
	memcpy(p, &v, sizeof v); // want HEAP-BUFFER-OVERFLOW
}

static uint32_t sum(const unsigned char *b, size_t n)
{
	uint32_t s = 0;
	for (size_t i = 0; i + 4 <= n; i += 4)
		s += read32(b + i) ^ read32_out(b + i) ^ read16(b + i + 2);
	return s;
}

int main(int argc, char **argv)
{
	(void)argv;
	unsigned char *b = malloc(10);
	if (b == NULL)
		return 1;
	memset(b, 3, 10);
	printf("%u\n", sum(b, 12));
	store32(b + argc + 7, 7); /* (b + 8: argc is 1) */
	printf("%u\n", b[0]);
	free(b);
	return 0;
}

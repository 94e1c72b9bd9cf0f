/* Bits set and cleared by separate masks in place leave the others as
 * undefined as they were: a byte of a never-written block whose masks set
 * or clear all but its top bit still has that bit undefined, and a
 * comparison or an index using it uses it, as Valgrind reports. So do
 * an int whose high half only is written by masks, and a byte whose masks
 * are applied through a flip (^=), which changes no bit's definedness. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int __attribute__((noinline)) high_bits(unsigned char *p)
{
	*p &= 0xf0;
	*p |= 0x30;
	*p &= 0xbf;
	return *p == 0x30; // want UNINITIALIZED-READ
}

static int __attribute__((noinline)) high_half(uint32_t *w, const int *table)
{
	*w |= 0xffff0000u;
	*w &= 0xfffffff0u;
	return table[*w >> 28] + table[*w & 0xf]; // want UNINITIALIZED-READ
}

static int __attribute__((noinline)) flipped(unsigned char *p)
{
	*p |= 0x0f;
	*p ^= 0xff;
	*p |= 0x70;
	return *p > 0x7f; // want UNINITIALIZED-READ
}

int main(void)
{
	static const int table[16] = {1, 2, 3};
	unsigned char *a = malloc(1), *c = malloc(1);
	uint32_t *b = malloc(sizeof *b);
	if (!a || !b || !c)
		return 1;
	int n = high_bits(a) + high_half(b, table) + flipped(c);
	printf("%d\n", n > 100);
	free(a);
	free(b);
	free(c);
	return 0;
}

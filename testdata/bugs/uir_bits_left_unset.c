/* Bits set and cleared by separate masks in place leave the others as
 * undefined as they were: a byte of a never-written block whose masks set
 * or clear all but its top bit still has that bit undefined, and a
 * comparison or an index using it uses it, as Valgrind reports. So do
 * an int whose high half only is written by masks, a byte whose masks are
 * applied through a flip (^=), which changes no bit's definedness, a byte
 * written by an assignment of its own bits or-ed in, a byte read
 * through a run-time mask that keeps one bit never set beside one cleared,
 * and a flag byte tested with a mask whose one defined bit is clear: a
 * test against zero is decided only by a defined bit that is set. Each
 * helper decides by its test (a result returned is no use: the caller's
 * sum would be the one use of all six). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int __attribute__((noinline)) high_bits(unsigned char *p)
{
	*p &= 0xf0;
	*p |= 0x30;
	*p &= 0xbf;
	if (*p == 0x30) // want UNINITIALIZED-READ
		return 1;
	return 0;
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
	if (*p > 0x7f) // want UNINITIALIZED-READ
		return 1;
	return 0;
}

static int __attribute__((noinline)) written_out(unsigned char *p, int run)
{
	p[0] = (unsigned char)((p[0] | (0xff00 >> run)) & 0xff);
	if (p[0] == 0xe0) // want UNINITIALIZED-READ
		return 1;
	return 0;
}

static int __attribute__((noinline)) masked(unsigned char *p, unsigned mask)
{
	p[0] &= 0x0f;
	p[0] |= 0x0c;
	if ((p[0] & mask) != 0) // want UNINITIALIZED-READ
		return 1;
	return 0;
}

static int __attribute__((noinline)) flag_clear(unsigned char *p)
{
	*p |= 0x80;
	*p &= 0xbf;
	if (*p & 0x41) // want UNINITIALIZED-READ
		return 1;
	return 0;
}

int main(void)
{
	static const int table[16] = {1, 2, 3};
	unsigned char *a = malloc(1), *c = malloc(1), *d = malloc(1), *e = malloc(1), *g = malloc(1);
	uint32_t *b = malloc(sizeof *b);
	if (!a || !b || !c || !d || !e || !g)
		return 1;
	int n = high_bits(a) + high_half(b, table) + flipped(c) + written_out(d, 3) + masked(e, 0x12) + flag_clear(g);
	printf("%d\n", n > 100);
	free(a);
	free(b);
	free(c);
	free(d);
	free(e);
	free(g);
	return 0;
}

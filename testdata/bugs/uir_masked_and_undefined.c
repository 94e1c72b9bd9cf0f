/* An & keeps the undefined bits its other operand does not mask off: a
 * defined nonzero mask (here 1) leaves the result undefined, and so does
 * a signed char's widening, whose bits copy the undefined sign bit. The
 * results are returned, and used where the caller tests them. */
#include <stdio.h>
#include <stdlib.h>

static int __attribute__((noinline)) low_bit(const unsigned char *p, unsigned mask)
{
	return p[0] & mask;
}

static int __attribute__((noinline)) sign_bits(const signed char *p, int mask)
{
	return p[0] & (mask << 8);
}

int main(void)
{
	unsigned char *a = malloc(1);
	signed char *b = malloc(1);
	if (!a || !b)
		return 1;
	if (low_bit(a, 1)) // want UNINITIALIZED-READ
		puts("odd");
	if (sign_bits(b, 0xff)) // want UNINITIALIZED-READ
		puts("negative");
	free(a);
	free(b);
	return 0;
}

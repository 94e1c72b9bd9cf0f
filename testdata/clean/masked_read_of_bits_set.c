/* A byte whose bits were set in part by masks in place, read through a
 * mask computed at run time that keeps only the bits set, is defined:
 * libtiff 4.5.0's thumbnail tool sums the black pixels of a fax row with
 * bits[*src & mask0], whose last byte the row's final white run
 * (cp[0] &= 0xff >> run in _TIFFFax3fillruns) left defined only in its
 * high bits. Also through a signed char, whose sign bit is defined, and
 * through a constant mask: a flag set in a byte never written, then tested. */
#include <stdio.h>
#include <stdlib.h>

static unsigned char popcount[256];

static unsigned __attribute__((noinline)) black(const unsigned char *src, unsigned mask)
{
	return popcount[*src & mask];
}

static int __attribute__((noinline)) negative(const signed char *p, int mask)
{
	return (*p & mask) != 0;
}

int main(void)
{
	for (int i = 0; i < 256; i++)
		for (int j = i; j; j >>= 1)
			popcount[i] += j & 1;
	unsigned char *row = malloc(4);
	if (!row)
		return 1;
	volatile int run = 3;
	row[0] = 0xff;
	row[1] &= 0xff >> run; /* the top 3 bits white, the rest past the row */
	row[1] |= 0x40;
	unsigned n = black(row, 0xff) + black(row + 1, 0xe0) + black(row + 1, 0x60);
	printf("%u black\n", n);
	if (negative((const signed char *)row + 1, -256) || negative((const signed char *)row + 1, 0x80))
		puts("negative");
	row[2] |= 0x80;
	if (row[2] & 0x80)
		puts("flagged");
	if ((row[1] & 0xe0) == 0x40)
		puts("one black");
	free(row);
	return 0;
}

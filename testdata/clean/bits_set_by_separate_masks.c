/* A byte whose bits are set by separate masks in place is defined once
 * every bit has been set or cleared, as Valgrind's and MSan's bit-exact
 * definedness has it. libtiff 4.5.0's _TIFFFax3fillruns fills a row of
 * never-written bytes a run at a time: a white run ending in a byte clears
 * its bits there with &=, the next black run sets the rest with |=, and
 * find0span then indexes a table with each byte (fax2tiff's test). Here
 * with runs of pseudo-random lengths over malloc'd rows, an update through
 * a pointer stepping on, an int written a half at a time and a byte
 * flipped with ^= between its masks. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static const unsigned char fillmasks[] = {0x00, 0x80, 0xc0, 0xe0, 0xf0, 0xf8, 0xfc, 0xfe, 0xff};

/* runs alternate white (0) and black (1) from bit 0 */
static void __attribute__((noinline)) fillruns(unsigned char *buf, const unsigned *runs, int nruns)
{
	unsigned x = 0;
	for (int i = 0; i < nruns; i++) {
		unsigned run = runs[i], bx = x & 7;
		unsigned char *cp = buf + (x >> 3);
		int black = i & 1;
		if (run > 8 - bx) {
			if (bx) {
				if (black)
					*cp++ |= 0xff >> bx;
				else
					*cp++ &= 0xff << (8 - bx);
				run -= 8 - bx;
			}
			for (; run >= 8; run -= 8)
				*cp++ = black ? 0xff : 0;
			if (run) {
				if (black)
					cp[0] |= fillmasks[run];
				else
					cp[0] &= 0xff >> run;
			}
		} else if (black)
			cp[0] |= fillmasks[run] >> bx;
		else
			cp[0] &= ~(fillmasks[run] >> bx);
		x += runs[i];
	}
}

static unsigned bitcount(unsigned char b)
{
	static unsigned char table[256];
	static int ready;
	if (!ready) {
		for (int i = 0; i < 256; i++)
			for (int j = i; j; j >>= 1)
				table[i] += j & 1;
		ready = 1;
	}
	return table[b];
}

static int __attribute__((noinline)) halves(uint32_t *word, unsigned char *flip)
{
	*word &= 0xffff0000u; /* the low half defined zeros */
	*word |= 0xabcd0000u; /* the high half's ones set... */
	*word &= 0xabcdffffu; /* ...and its zeros cleared */
	*flip &= 0x0f;
	*flip ^= 0x50;        /* a flip keeps which bits are defined */
	*flip |= 0x0f;
	return *word == 0xabcd0000u && *flip == 0x5f;
}

int main(void)
{
	unsigned runs[64], seed = 12345, width = 0, total = 0;
	int n = 0;
	while (n < 64) {
		seed = seed * 1103515245 + 12345;
		runs[n] = 1 + (seed >> 16) % 19;
		width += runs[n++];
	}
	width = (width + 7) & ~7u;
	unsigned last = 0;
	for (int i = 0; i < n; i++)
		last += runs[i];
	runs[n - 1] += width - last; /* the row ends on a byte */
	unsigned char *row = malloc(width / 8);
	if (!row)
		return 1;
	fillruns(row, runs, n);
	for (unsigned i = 0; i < width / 8; i++)
		total += bitcount(row[i]);
	printf("%u black of %u\n", total, width);

	uint32_t *word = malloc(sizeof *word);
	unsigned char *flip = malloc(1);
	if (!word || !flip)
		return 1;
	if (halves(word, flip))
		puts("whole");
	free(flip);
	free(word);
	free(row);
	return 0;
}

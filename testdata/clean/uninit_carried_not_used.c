/* Undefined values that are copied, computed with and stored, but never
 * decide anything, must not be reported: a hash chain table slid like
 * zlib's slide_hash (never-written entries read, shifted by a branch-free
 * selection and stored back), garbage summed into a local that is then
 * overwritten, fields copied, incremented and updated before being set. */
#include <stdio.h>
#include <stdlib.h>

#define WSIZE 64u

struct pair {
	unsigned a, b;
};

/* Entries never written hold garbage, and still hold garbage after: zlib
 * never follows them. */
static void slide(unsigned short *prev, unsigned n, unsigned wsize)
{
	unsigned short *p = &prev[n];
	unsigned m;
	do {
		m = *--p;
		*p = (unsigned short)(m >= wsize ? m - wsize : 0);
	} while (--n);
}

static unsigned follow(const unsigned short *prev, const unsigned char *linked, unsigned n)
{
	unsigned sum = 0;
	for (unsigned i = 0; i < n; i++)
		if (linked[i])
			sum += prev[i];
	return sum;
}

int main(void)
{
	unsigned short *prev = malloc(2 * WSIZE * sizeof *prev);
	unsigned char *linked = calloc(2 * WSIZE, 1);
	if (!prev || !linked)
		return 1;
	for (unsigned i = 0; i < 2 * WSIZE; i += 3) {
		prev[i] = (unsigned short)(i + WSIZE + 1);
		linked[i] = 1;
	}
	slide(prev, 2 * WSIZE, WSIZE);
	printf("chains %u\n", follow(prev, linked, 2 * WSIZE));

	/* garbage carried through arithmetic into a local, then replaced */
	int *raw = malloc(8 * sizeof *raw);
	if (!raw)
		return 1;
	raw[0] = 5;
	int acc = raw[0];
	for (int i = 1; i < 8; i++)
		acc = acc * 31 + (raw[i] ^ 7) - (raw[i] >> 2);
	int scaled = acc / 4;
	for (int i = 1; i < 8; i++)
		scaled += raw[i] << 1;
	for (int i = 2; i < 6; i++) {
		raw[i]++;
		raw[i + 1] *= 3;
	}
	scaled = 11;
	acc = raw[0] + scaled;
	printf("acc %d\n", acc);

	/* fields copied between records before they are set */
	struct pair *from = malloc(sizeof *from);
	struct pair to;
	if (!from)
		return 1;
	from->a = 3;
	to.a = from->a + 1;
	to.b = from->b * 2u;
	from->b = to.b | 1u;
	from->b++;
	to.b -= from->b;
	to.b = 9;
	from->b = to.a;
	printf("pair %u %u %u\n", to.a, to.b, from->b);

	free(from);
	free(raw);
	free(linked);
	free(prev);
	return 0;
}

/* zlib's slide_hash shifts every chain entry, written or not, without a
 * branch: harmless while the never-written ones are not followed. This
 * program follows one: the garbage decides the walk's branch. */
#include <stdio.h>
#include <stdlib.h>

#define WSIZE 32u

static void slide(unsigned short *prev, unsigned n, unsigned wsize)
{
	unsigned short *p = &prev[n];
	unsigned m;
	do {
		m = *--p;
		*p = (unsigned short)(m >= wsize ? m - wsize : 0);
	} while (--n);
}

int main(void)
{
	unsigned short *prev = malloc(2 * WSIZE * sizeof *prev);
	if (!prev)
		return 1;
	for (unsigned i = 0; i < 2 * WSIZE; i += 2)
		prev[i] = (unsigned short)(i + WSIZE);
	slide(prev, 2 * WSIZE, WSIZE);
	unsigned hops = 0;
	for (unsigned at = 2 * WSIZE - 2; hops < 3; hops++) {
		unsigned next = prev[at + 1] + 1u; /* an odd entry: never written */
		if (next > 1) // want full:UNINITIALIZED-READ
			at = next % (2 * WSIZE);
		else
			at = 0;
	}
	printf("%u hops\n", hops);
	free(prev);
	return 0;
}

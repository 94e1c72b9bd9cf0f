/* Values of 20 bits kept as a 16-bit half and a 4-bit nibble, two
 * nibbles a byte of a never-written heap block (bzip2's small
 * decompression, SET_LL4 and GET_LL4): each nibble is written by
 * masking the byte's other nibble in, so once both are written every bit
 * of the byte is, and reading it back is defined (full checking reported
 * an uninitialized read at GET_LL, bzip2 -ds). */
#include <stdio.h>
#include <stdlib.h>

#define N 1000

static unsigned short *lo;
static unsigned char *hi;

#define SET_HI(i, n)                                                   \
	{                                                              \
		if (((i) & 0x1) == 0)                                  \
			hi[(i) >> 1] = (hi[(i) >> 1] & 0xf0) | (n);    \
		else                                                   \
			hi[(i) >> 1] = (hi[(i) >> 1] & 0x0f) | ((n) << 4); \
	}
#define GET_HI(i) ((((unsigned)(hi[(i) >> 1])) >> (((i) << 2) & 0x4)) & 0xF)
#define SET(i, n)                                    \
	{                                            \
		lo[i] = (unsigned short)((n) & 0xffff); \
		SET_HI(i, (n) >> 16);                   \
	}
#define GET(i) (((unsigned)lo[i]) | (GET_HI(i) << 16))

int main(void)
{
	unsigned i, j, steps = 0;
	lo = malloc(N * sizeof *lo);
	hi = malloc((N + 1) / 2);
	if (!lo || !hi)
		return 1;
	for (i = 0; i < N; i++)
		SET(i, (i * 7 + 3) % N);
	/* follow the permutation: every value read is an index */
	i = 0;
	do {
		j = GET(i);
		i = j;
		steps++;
	} while (i != 0 && steps < 2 * N);
	printf("cycle of %u\n", steps);
	if (GET(N - 1) > N)
		return 2;
	free(lo);
	free(hi);
	return 0;
}

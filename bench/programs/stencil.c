/* stencil.c: array code over global and stack arrays, no pointers kept.
 * A heat-diffusion stencil on two global grids swapped each step, a
 * blocked matrix product of stack matrices, a sieve of Eratosthenes over a
 * global byte array, and a histogram whose bins are computed indexes;
 * every access indexes a named array with a computed index. Prints a
 * checksum of the results.
 * memlens:bench
 */
#include <stdio.h>
#include <stdlib.h>

#define RNG_SEED 0xBF58476D1CE4E5B9ULL
#include "rng.h"

#define GRID 256
#define MAT 48
#define SIEVE 4000000
#define BINS 1024

static double grid[2][GRID][GRID];
static unsigned char composite[SIEVE];
static unsigned histogram[BINS];

static void heat_init(void)
{
	int i, j;
	for (i = 0; i < GRID; i++)
		for (j = 0; j < GRID; j++)
			grid[0][i][j] = grid[1][i][j] = (double)(xorshift64() % 1000) / 10.0;
}

/* one step from grid[from] into grid[1 - from]; the border stays fixed */
static void heat_step(int from)
{
	int i, j, to = 1 - from;
	for (i = 1; i < GRID - 1; i++)
		for (j = 1; j < GRID - 1; j++)
			grid[to][i][j] = 0.2 * (grid[from][i][j] + grid[from][i - 1][j] + grid[from][i + 1][j] +
						grid[from][i][j - 1] + grid[from][i][j + 1]);
}

static unsigned long long heat(int steps)
{
	unsigned long long sum = 0;
	int s, i;
	heat_init();
	for (s = 0; s < steps; s++)
		heat_step(s % 2);
	for (i = 0; i < GRID; i++)
		sum = sum * 31 + (unsigned long long)(grid[steps % 2][i][(i * 7) % GRID] * 1000.0);
	return sum;
}

static void mat_random(long m[MAT][MAT])
{
	int i, j;
	for (i = 0; i < MAT; i++)
		for (j = 0; j < MAT; j++)
			m[i][j] = (long)(xorshift64() % 17) - 8;
}

/* c = a * b, in blocks of 8 */
static void mat_mul(long c[MAT][MAT], long a[MAT][MAT], long b[MAT][MAT])
{
	int i, j, k, bi, bj, bk;
	for (i = 0; i < MAT; i++)
		for (j = 0; j < MAT; j++)
			c[i][j] = 0;
	for (bi = 0; bi < MAT; bi += 8)
		for (bk = 0; bk < MAT; bk += 8)
			for (bj = 0; bj < MAT; bj += 8)
				for (i = bi; i < bi + 8; i++)
					for (k = bk; k < bk + 8; k++)
						for (j = bj; j < bj + 8; j++)
							c[i][j] += a[i][k] * b[k][j];
}

static unsigned long long matrices(int rounds)
{
	long a[MAT][MAT], b[MAT][MAT], c[MAT][MAT];
	unsigned long long sum = 0;
	int r, i;
	mat_random(a);
	for (r = 0; r < rounds; r++) {
		mat_random(b);
		mat_mul(c, a, b);
		/* keep the values small: the next product starts from c mod 9 */
		for (i = 0; i < MAT * MAT; i++)
			a[i / MAT][i % MAT] = c[i / MAT][i % MAT] % 9;
		sum = sum * 1000003ULL + (unsigned long long)c[r % MAT][(r * 5) % MAT];
	}
	return sum;
}

static unsigned long long sieve(void)
{
	unsigned long long count = 0, last = 0;
	long i, j;
	for (i = 2; i * i < SIEVE; i++)
		if (!composite[i])
			for (j = i * i; j < SIEVE; j += i)
				composite[j] = 1;
	for (i = 2; i < SIEVE; i++)
		if (!composite[i]) {
			count++;
			last = (unsigned long long)i;
		}
	return count * 1000003ULL + last;
}

static unsigned long long bins(long samples)
{
	unsigned short window[64];
	unsigned long long sum = 0;
	long s;
	int i;
	for (i = 0; i < 64; i++)
		window[i] = (unsigned short)(xorshift64() % BINS);
	for (s = 0; s < samples; s++) {
		/* the bin: a mix of the sample and a sliding window of earlier bins */
		int w = (int)(s % 64), b = (int)((xorshift64() + window[(w + 17) % 64]) % BINS);
		histogram[b]++;
		window[w] = (unsigned short)b;
	}
	for (i = 0; i < BINS; i++)
		sum = sum * 31 + histogram[(i * 37) % BINS];
	return sum;
}

int main(int argc, char **argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 32;
	unsigned long long h, m, p, b;
	if (scale < 1)
		scale = 1;
	h = heat(100 * scale);
	m = matrices(150 * scale);
	p = sieve();
	b = bins(2000000L * scale);
	printf("stencil: scale=%d heat=%016llx matrices=%016llx sieve=%016llx bins=%016llx\n", scale, h, m, p, b);
	return 0;
}

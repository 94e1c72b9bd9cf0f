/* OpenMP constructs where gcc accepts them, each pragma left where it
 * stands: parallel loops over an int and over a pointer (canonical loop
 * forms), sections, default(none) regions, atomic updates, reads, writes
 * and captures, critical and single blocks, and an orphaned function with
 * flush, barrier, critical and atomic that every thread of a team calls.
 * Whatever the thread count, the output is the same.
 * memlens:cflags -fopenmp
 */
#include <stdio.h>
#include <stdlib.h>

struct tally {
	long sum;
	int calls;
};

static int ticket;

/* called by every thread of a team: its locals are its own */
static void visit(struct tally *t, const long *v, int n)
{
	long local = 0;
	for (int i = 0; i < n; i++)
		local += v[i];
#pragma omp critical
	t->sum += local;
#pragma omp atomic
	t->calls++;
#pragma omp flush
	int mine;
#pragma omp atomic capture
	mine = ticket++;
	(void)mine;
#pragma omp barrier
}

static long square(long x)
{
	return x * x;
}

int main(void)
{
	int n = 1000;
	long *v = malloc(n * sizeof *v);
	long *w = malloc(n * sizeof *w);
	long total = 0, *p;
	int i;
#pragma omp parallel for
	for (i = 0; i < n; i++)
		v[i] = i;
#pragma omp parallel for reduction(+ : total)
	for (p = v; p < v + n; p++)
		total += *p;
#pragma omp parallel for default(none) shared(v, w, n)
	for (int k = 0; k < n; k++)
		w[k] = square(v[k]);
	struct tally *t = calloc(1, sizeof *t);
#pragma omp parallel
	visit(t, v, 10);
	char names[2][16];
#pragma omp parallel sections
	{
#pragma omp section
		snprintf(names[0], sizeof names[0], "first %ld", w[3]);
#pragma omp section
		snprintf(names[1], sizeof names[1], "second %ld", w[4]);
	}
	long wsum = 0;
#pragma omp parallel
	{
#pragma omp for reduction(+ : wsum)
		for (int k = 0; k < n; k++)
			wsum += w[k] % 7;
#pragma omp single
		w[0] = wsum;
	}
	int seen;
#pragma omp atomic read
	seen = t->calls;
#pragma omp atomic write
	t->calls = seen * 0 + 1;
	_Pragma("omp flush") printf("%ld %ld %ld %d %s %s\n", total, w[0], t->sum / seen, t->calls, names[0], names[1]);
#pragma GCC unroll 4
	for (i = 0; i < 8; i++)
		total -= v[i];
	printf("%ld\n", total);
	free(t);
	free(w);
	free(v);
	return 0;
}

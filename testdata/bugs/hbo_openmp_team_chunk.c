/* Every thread of an OpenMP team fills its own chunk of a shared buffer;
 * chunks are rounded up, so the team's last chunk runs one element past
 * the buffer's end. The worker, called by each thread, keeps its pragmas
 * (critical, atomic) where they stand.
 * memlens:cflags -fopenmp
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int filled;

static void fill_chunk(int *buf, int n, int threads)
{
	int me = omp_get_thread_num();
	int chunk = (n + threads) / threads;
	int end = (me + 1) * chunk;
	for (int i = me * chunk; i < end && i <= n; i++) {
#pragma omp atomic
		filled++;
		buf[i] = i; // want HEAP-BUFFER-OVERFLOW
	}
#pragma omp critical
	if (me == threads - 1)
		printf("last chunk ends at %d\n", end);
}

int main(void)
{
	int n = 64;
	int *buf = malloc(n * sizeof *buf);
	omp_set_num_threads(2);
#pragma omp parallel
	fill_chunk(buf, n, omp_get_num_threads());
	printf("%d\n", filled);
	free(buf);
	return 0;
}

/* Bucketing values into a histogram: a value equal to the maximum maps to
 * bucket == nbuckets, one past the end of the counts block. */
#include <stdio.h>
#include <stdlib.h>

static int *histogram(const double *xs, int n, double max, int nbuckets)
{
	int *counts = calloc((size_t)nbuckets, sizeof *counts);
	if (counts == NULL)
		exit(1);
	for (int i = 0; i < n; i++) {
		int b = (int)(xs[i] / max * nbuckets);
		counts[b]++; // want HEAP-BUFFER-OVERFLOW
	}
	return counts;
}

int main(void)
{
	const double xs[] = {0.5, 1.5, 2.5, 9.9, 4.0, 10.0, 7.25};
	int n = (int)(sizeof xs / sizeof xs[0]);
	int *counts = histogram(xs, n, 10.0, 5);
	for (int b = 0; b < 5; b++)
		printf("[%2d, %2d): %d\n", b * 2, b * 2 + 2, counts[b]);
	free(counts);
	return 0;
}

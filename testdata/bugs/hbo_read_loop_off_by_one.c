/* Averaging sensor readings with an inclusive upper bound reads the element
 * just past the end of the array. */
#include <stdio.h>
#include <stdlib.h>

static double average(const double *v, size_t n)
{
	double s = 0;
	for (size_t i = 0; i <= n; i++)
		s += v[i]; // want HEAP-BUFFER-OVERFLOW
	return s / (double)n;
}

int main(void)
{
	size_t n = 7;
	double *v = malloc(n * sizeof *v);
	if (v == NULL)
		return 1;
	for (size_t i = 0; i < n; i++)
		v[i] = 20.0 + (double)i / 2;
	printf("readings: %zu\n", n);
	printf("average: %.2f\n", average(v, n));
	free(v);
	return 0;
}

/* A table of squares filled with `<=` instead of `<`: the last iteration
 * writes one element past the end of the heap block. */
#include <stdio.h>
#include <stdlib.h>

static void fill_squares(int *t, int n)
{
	for (int i = 0; i <= n; i++)
		t[i] = i * i; // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	int n = 5;
	int *t = malloc(n * sizeof *t);
	if (t == NULL)
		return 1;
	fill_squares(t, n);
	long sum = 0;
	for (int i = 0; i < n; i++)
		sum += t[i];
	printf("sum of the first %d squares: %ld\n", n, sum);
	free(t);
	return 0;
}

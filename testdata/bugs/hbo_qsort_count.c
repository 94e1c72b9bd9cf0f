/* qsort is given one element more than the array holds (the count includes
 * a sentinel the array never got). Checked at the call. */
#include <stdio.h>
#include <stdlib.h>

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

int main(void)
{
	int n = 5;
	int *v = malloc((size_t)n * sizeof *v);
	if (v == NULL)
		return 1;
	for (int i = 0; i < n; i++)
		v[i] = (i * 37) % 11;
	qsort(v, (size_t)n + 1, sizeof *v, cmp_int); // want HEAP-BUFFER-OVERFLOW
	printf("min %d\n", v[0]);
	free(v);
	return 0;
}

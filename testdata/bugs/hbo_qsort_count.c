/* qsort is given one element more than the array holds (the count includes
 * a sentinel the array never got). Checked at the call; the comparator then
 * reads the element past the end, which is reported too: libc hands the
 * comparator pointers into the array, and they keep the array's bounds. */
#include <stdio.h>
#include <stdlib.h>

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b; // want HEAP-BUFFER-OVERFLOW
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

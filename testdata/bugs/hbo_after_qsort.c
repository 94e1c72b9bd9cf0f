/* Interior pointers (each to the second half of its own block) sorted by
 * libc's qsort; one read past its block afterwards. The pointer's block
 * travels with it through the sort (its shadow moved with the element),
 * and its value propagation shows the sort. */
#include <stdio.h>
#include <stdlib.h>

static int by_value(const void *a, const void *b)
{
	int x = **(int *const *)a, y = **(int *const *)b;
	return (x > y) - (x < y);
}

int main(void)
{
	enum { N = 64 };
	int *half[N];
	for (int i = 0; i < N; i++) {
		int *block = malloc(4 * sizeof *block);
		if (!block)
			return 1;
		for (int k = 0; k < 4; k++)
			block[k] = (i * 37 + k) % 101;
		half[i] = block + 2; // want chain:HEAP-BUFFER-OVERFLOW
	}
	qsort(half, N, sizeof *half, by_value); // want chain:HEAP-BUFFER-OVERFLOW
	int *least = half[0];
	printf("%d %d\n", least[0], least[1]);
	printf("%d\n", least[2]); // want HEAP-BUFFER-OVERFLOW
	for (int i = 0; i < N; i++)
		free(half[i] - 2);
	return 0;
}

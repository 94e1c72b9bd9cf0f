/* glibc's qsort_r: the comparator's third argument is the caller's, and
 * the array's pointers (each past its block's first int) keep their
 * blocks through the sort. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

struct order {
	int field; /* which of a row's numbers to sort by */
	int calls;
};

static int by_field(const void *a, const void *b, void *arg)
{
	struct order *o = arg;
	o->calls++;
	int x = (*(int *const *)a)[o->field], y = (*(int *const *)b)[o->field];
	return (x > y) - (x < y);
}

int main(void)
{
	enum { N = 3000 };
	int **rows = malloc(N * sizeof *rows);
	if (!rows)
		return 1;
	for (int i = 0; i < N; i++) {
		int *block = malloc(4 * sizeof *block); // want alloc:HEAP-BUFFER-OVERFLOW
		if (!block)
			return 1;
		rows[i] = block + 1;
		for (int k = 0; k < 3; k++)
			rows[i][k] = (int)((i * 2654435761u + k) % 10007u);
	}
	struct order o = {1, 0};
	qsort_r(rows, N, sizeof *rows, by_field, &o); // want chain:HEAP-BUFFER-OVERFLOW
	long sum = 0;
	for (int i = 0; i < N; i++)
		sum += rows[i][0] + rows[i][1] + rows[i][2];
	printf("%ld %d\n", sum, o.calls > N);
	printf("%d\n", rows[N - 1][3]); // want HEAP-BUFFER-OVERFLOW
	for (int i = 0; i < N; i++)
		free(rows[i] - 1);
	free(rows);
	return 0;
}

/* A queue pops from the front by advancing its base pointer; growing it
 * later reallocs the advanced pointer. */
#include <stdio.h>
#include <stdlib.h>

struct queue {
	int *base;
	size_t len, cap;
};

int main(void)
{
	struct queue q = {malloc(4 * sizeof(int)), 0, 4}; // want MEMORY-LEAK
	if (q.base == NULL)
		return 1;
	for (int i = 0; i < 4; i++)
		q.base[q.len++] = i * 11;
	int first = q.base[0];
	q.base++; /* pop */
	q.len--;
	q.cap--;
	printf("popped %d, %zu left\n", first, q.len);
	int *grown = realloc(q.base, 8 * sizeof(int)); // want UNMATCHED-FREE
	if (grown == NULL)
		return 1;
	printf("grown\n");
	free(grown);
	return 0;
}

/* Values read only to be thrown away decide nothing: `(void)x;` (the
 * idiom that silences an unused-variable warning, as re2c's generated
 * lexers do with YYMARKER) and the left operand of a comma read
 * never-written locals and bytes without using them (Valgrind's and MSan's
 * rule). Full checking reported an UNINITIALIZED-READ at each. */
#include <stdio.h>
#include <stdlib.h>

struct pair {
	int a;
	char *p;
};

static int sum(const int *v, int n)
{
	int unused;
	int s = 0;
	(void)unused;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

int main(void)
{
	char *marker;
	int counter;
	double d;
	int arr[3];
	struct pair pr;
	int *heap = malloc(4 * sizeof *heap);

	if (!heap)
		return 1;
	(void)marker;
	(void)(counter);
	(void)d;
	(void)arr[1];
	(void)pr.p;
	(void)heap[3];
	(void)*heap;
	heap[0] = 1, heap[1] = 2, heap[2] = 3;
	(void)pr.a, heap[3] = 4;
	printf("%d\n", sum(heap, 4));
	free(heap);
	return 0;
}

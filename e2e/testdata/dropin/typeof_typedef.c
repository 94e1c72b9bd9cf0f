/* GNU typeof of a type name starting with a typedef name (typeof(pair)),
 * which the front end parses but does not type-check in a declaration:
 * the same types, as declarations, sizeof operands and casts. */
#include <stdio.h>
#include <stdlib.h>

typedef int myint;
typedef struct {
	int a, b;
} pair, *pairp;
typedef int (*binary)(int, int);

static int add(int x, int y)
{
	return x + y;
}

static typeof(myint) counter = 3;

int main(void)
{
	typeof(pair) p = {1, 2};
	__typeof__(pairp) heap = malloc(2 * sizeof *heap);
	typeof(myint *) q = &counter;
	typeof(binary) f = add;
	typeof(size_t[2]) sizes = {sizeof(typeof(pair)), sizeof(typeof(myint))};
	if (!heap)
		return 1;
	heap[1] = p;
	heap[1].b += (typeof(myint))2.7;
	printf("%d %d %d %zu %zu %d\n", *q, heap[1].b, f(p.a, 4), sizes[0], sizes[1],
	       _Generic(q, int *: 1, default: 0));
	free(heap);
	return 0;
}

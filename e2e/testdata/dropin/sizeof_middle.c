/* GNU's conditional with the middle operand left out where the condition
 * is a sizeof or alignof of a type (sizeof(int) ?: 1), on which the front
 * end's checker panicked: in a static initializer, an array size, a case
 * label and expressions. */
#include <stdio.h>
#include <stdlib.h>

static int v1 = sizeof(int) ?: -1;
static char buffer[sizeof(unsigned long) ?: 3];

static int kind(int c)
{
	switch (c) {
	case sizeof(short) ?: 9:
		return 1;
	default:
		return 0;
	}
}

int main(int argc, char **argv)
{
	long *heap = malloc(2 * sizeof *heap);
	heap[0] = sizeof(long double) * 2 ?: 7;
	heap[1] = _Alignof(double) ?: argc;
	int w = (int)2.5 ?: 4;
	printf("%d %zu %d %d %ld %ld %d %zu\n", v1, sizeof buffer, kind(2), kind(3), heap[0], heap[1], w,
	       __alignof__(const int) ?: sizeof(char));
	free(heap);
	return 0;
}

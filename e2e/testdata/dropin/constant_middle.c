/* GNU's conditional with the middle operand left out on constant
 * conditions (34 ?: -1), on which the front end's checker panicked: in
 * static initializers, array sizes, case labels and expressions. */
#include <stdio.h>
#include <stdlib.h>

#define OR_DEFAULT(x, d) ((x) ?: (d))

static int v1 = 34 ? : -1;
static int v2 = 0 ? : -1;
static char buffer[OR_DEFAULT(8, 2) + (1 << 2 ?: 5)];

static int kind(int c)
{
	switch (c) {
	case 3 ?: 9:
		return 1;
	case (0 ?: 9):
		return 2;
	default:
		return 0;
	}
}

int main(int argc, char **argv)
{
	int a = argc + 29;
	int *heap = malloc(2 * sizeof *heap);
	heap[0] = 2.5 ?: 7;
	heap[1] = OR_DEFAULT(a - 30, a * 2);
	printf("%d %d %zu %d %d %d %d\n", v1, v2, sizeof buffer, kind(3), kind(9), heap[0], heap[1]);
	printf("%d %d %s\n", a - 30 ? : a * 2, a + 1 ? : a * 2, argv[argc] ?: "none");
	free(heap);
	return 0;
}

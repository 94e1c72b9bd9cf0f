/* A lookup hands back a pointer to a heap block's last element through an
 * out-parameter, always the address of its caller's pointer local, which
 * it only writes (memlens's bare parameters: the local is not
 * registered). The pointer keeps its block's bounds through the local:
 * the caller's read one element further is past the block's end. */
#include <stdio.h>
#include <stdlib.h>

static void last_of(long *cells, int n, long **out)
{
	*out = &cells[n - 1];
}

int main(void)
{
	long *cells = malloc(4 * sizeof *cells);
	long *last;
	if (cells == NULL)
		return 1;
	for (int i = 0; i < 4; i++)
		cells[i] = i;
	last_of(cells, 4, &last);
	printf("%ld\n", last[1]); // want HEAP-BUFFER-OVERFLOW
	free(cells);
	return 0;
}

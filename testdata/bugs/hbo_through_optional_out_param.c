/* A lookup hands back a pointer to a heap block's last element through an
 * optional out-parameter: its callers pass the address of a pointer local
 * or NULL, and it writes it only when it is not NULL (memlens's bare
 * parameters: the local is not registered). The pointer keeps its block's
 * bounds through the local: the caller's read one element further is past
 * the block's end. */
#include <stdio.h>
#include <stdlib.h>

static long last_of(long *cells, int n, long **out)
{
	if (out)
		*out = &cells[n - 1];
	return cells[n - 1];
}

int main(void)
{
	long *cells = malloc(4 * sizeof *cells);
	long *last;
	if (cells == NULL)
		return 1;
	for (int i = 0; i < 4; i++)
		cells[i] = i;
	printf("%ld\n", last_of(cells, 4, NULL));
	last_of(cells, 4, &last);
	printf("%ld\n", last[1]); // want HEAP-BUFFER-OVERFLOW
	free(cells);
	return 0;
}

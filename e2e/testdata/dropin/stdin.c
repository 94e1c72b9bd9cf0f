/* Compiled from standard input (gcc -x c -): gcc names it <stdin> in its
 * diagnostics, its line markers and __FILE__. */
#include <stdio.h>
#include <stdlib.h>

#define CELLS 4

int main(int argc, char **argv)
{
	int unused;
	int *cells = malloc(CELLS * sizeof *cells);
	(void)argv;
	for (int i = 0; i < CELLS; i++)
		cells[i] = i;
	if (argc > 1) /* an overflow memlens reports only when asked to */
		cells[CELLS] = 0;
	printf("%s:%d %d\n", __FILE__, __LINE__, cells[CELLS - 1]);
	free(cells);
	return 0;
}

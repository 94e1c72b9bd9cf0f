/* Three words of a new block, the first and the last stored: each aligned
 * word's store marks its own eight bytes defined and no others, so the
 * word between them is still read uninitialised where it is used. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	(void)argv;
	long *w = malloc(3 * sizeof *w);
	if (!w)
		return 1;
	w[0] = argc;
	w[2] = 2L * argc;
	long sum = w[0] + w[2];
	if (w[1] > sum) // want full:UNINITIALIZED-READ
		printf("middle\n");
	printf("sum %ld\n", sum);
	free(w);
	return 0;
}

#include <stdio.h>
#include <stdlib.h>

void fill(int *p, int n);

int main(void)
{
	int *filled = malloc(4 * sizeof *filled);
	int *never = malloc(4 * sizeof *never);
	fill(filled, 4);
	if (filled[2] == 2) /* written by fill */
		puts("filled");
	if (never[1] == 7) /* never written: UNINITIALIZED-READ */
		puts("seven");
	free(filled);
	free(never);
	return 0;
}

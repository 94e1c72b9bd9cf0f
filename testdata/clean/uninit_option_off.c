/* memlens:options uninit=0
 *
 * With uninit=0 nothing is poisoned: reads of never-written memory are
 * not reported (the program only compares them, printing the same either
 * way). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int *p = malloc(8 * sizeof *p);
	int local[4];
	int odd = 0;
	p[0] = 1;
	local[0] = 2;
	if (p[5] == 123456789 && local[3] == 987654321)
		odd = 1;
	printf("%d %d\n", p[0] + local[0], odd * 0);
	free(p);
	return 0;
}

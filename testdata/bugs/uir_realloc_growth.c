/* realloc keeps what was written and adds undefined bytes. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int *a = malloc(2 * sizeof *a);
	a[0] = 1;
	a[1] = 2;
	a = realloc(a, 4 * sizeof *a);
	int s = a[0] + a[1];
	if (a[2] == s) // want UNINITIALIZED-READ
		puts("equal");
	printf("%d\n", s);
	free(a);
	return 0;
}

/* A parameter declared as an array, stepped through with *p++ one element
 * too far: the front end types p++ as the declared array, and the access
 * went unchecked. */
#include <stdio.h>
#include <stdlib.h>

static void fill(int v[4], int n)
{
	for (int i = 0; i < n; i++)
		*v++ = i; // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	int *v = malloc(4 * sizeof *v);
	if (v == NULL)
		return 1;
	fill(v, 5);
	printf("%d\n", v[3]);
	free(v);
	return 0;
}

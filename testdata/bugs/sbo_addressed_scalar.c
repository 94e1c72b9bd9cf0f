/* A scalar passed by address is treated as an array by the callee. */
#include <stdio.h>

static void clear(int *v, int n)
{
	for (int i = 0; i < n; i++)
		v[i] = 0; // want STACK-BUFFER-OVERFLOW
}

int main(void)
{
	int count = 5;
	int other = 7;
	clear(&count, 2);
	printf("%d %d\n", count, other);
	return 0;
}

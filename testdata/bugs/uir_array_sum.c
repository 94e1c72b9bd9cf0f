/* Half of a local array is filled; the sum runs over all of it. */
#include <stdio.h>

int main(void)
{
	int v[8];
	int sum = 0;
	for (int i = 0; i < 4; i++)
		v[i] = i;
	for (int i = 0; i < 8; i++)
		sum += v[i]; // want UNINITIALIZED-READ
	printf("%d\n", sum != 0);
	return 0;
}

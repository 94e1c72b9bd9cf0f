/* A local array's first element read as *a before anything wrote it (the
 * second one was): a read through the array's name went unchecked. */
#include <stdio.h>

int main(void)
{
	unsigned long limits[2];
	limits[1] = 3;
	if (*limits > 2) // want UNINITIALIZED-READ
		puts("over");
	printf("%lu\n", limits[1]);
	return 0;
}

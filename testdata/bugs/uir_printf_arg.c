/* A value copied out of fresh heap memory (a copy: nothing yet) is then
 * printed: the use is the call's argument. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	long *slots = malloc(4 * sizeof *slots);
	slots[0] = 7;
	long last = slots[3];
	printf("%d\n", last != 12345); // want UNINITIALIZED-READ
	free(slots);
	return 0;
}

/* A release function frees whatever it is given, including the address
 * of a caller's local counter. */
#include <stdio.h>
#include <stdlib.h>

static void release(int *p)
{
	free(p); // want UNMATCHED-FREE
}

int main(void)
{
	int *heap = malloc(sizeof *heap);
	int local = 3;
	release(heap);
	release(&local);
	printf("%d\n", local);
	return 0;
}

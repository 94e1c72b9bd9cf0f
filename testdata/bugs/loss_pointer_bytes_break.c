/* A loop body's long holds a pointer's bytes (memcpy in a helper) after
 * the pointer variable let go of the block: the block is lost where the
 * long leaves scope, the body's closing brace, or the break out of it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *shared;

static void save_bits(long *bits)
{
	memcpy(bits, &shared, sizeof *bits);
}

int main(void)
{
	for (int i = 0; i < 3; i++) {
		long bits;
		shared = malloc(4); // want alloc:MEMORY-LEAK
		save_bits(&bits);
		shared = NULL;
		if (i == 1)
			break; // want full:MEMORY-LEAK
		printf("%d\n", bits != 0);
	} // want full:MEMORY-LEAK
	return 0;
}

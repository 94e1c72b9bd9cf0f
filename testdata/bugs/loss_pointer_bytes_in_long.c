/* A pointer's bytes copied into a long local (memcpy in a helper) are a
 * reference of their own: once the pointer variable lets go of the block,
 * the long still holds it, and the block is lost where the long leaves
 * scope, the closing brace of its block. */
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
	shared = malloc(4); // want alloc:MEMORY-LEAK
	if (!shared)
		return 1;
	{
		long bits;
		save_bits(&bits);
		shared = NULL;
		printf("%d\n", bits != 0);
	} // want full:MEMORY-LEAK
	printf("%d\n", shared == NULL);
	return 0;
}

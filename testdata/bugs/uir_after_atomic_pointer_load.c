/* A pointer to bytes read by an atomic builtin (its operand an
 * unsigned char **): the builtin reads or writes the pointer alone, so
 * the bytes it points to stay as they were, and the one never written is
 * reported where it is used (the rows below a library's T ** are defined,
 * an atomic's not). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	unsigned char *bytes = malloc(16), *slot, *seen;
	if (!bytes)
		return 1;
	bytes[0] = 1;
	slot = bytes;
	seen = __atomic_load_n(&slot, __ATOMIC_ACQUIRE);
	if (seen[0] == 1)
		printf("loaded\n");
	if (seen[1] > 0) // want full:UNINITIALIZED-READ
		printf("set\n");
	free(bytes);
	return 0;
}

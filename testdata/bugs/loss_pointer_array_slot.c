/* An array of pointers: one slot is overwritten while it holds the only pointer. */
#include <stdlib.h>

int main(void)
{
	char **slots = calloc(4, sizeof *slots);
	for (int i = 0; i < 4; i++)
		slots[i] = malloc(8 + i); // want alloc:MEMORY-LEAK
	slots[2] = NULL; // want full:MEMORY-LEAK
	for (int i = 0; i < 4; i++)
		free(slots[i]);
	free(slots);
	return 0;
}

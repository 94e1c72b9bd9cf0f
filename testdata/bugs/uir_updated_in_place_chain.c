/* A counter in a block never written is updated in place twice and then
 * decides a branch. The explanation follows the value back through both
 * updates to the allocation; before, its search for what the first update
 * read found the second update's store and went round the two. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	unsigned char *counts = malloc(4); // want full:origin:UNINITIALIZED-READ
	if (counts == NULL)
		return 1;
	(void)argv;
	counts[1] += (unsigned char)argc; // want full:chain:UNINITIALIZED-READ
	counts[1] ^= 0x40;
	if (counts[1] > 7) // want full:UNINITIALIZED-READ
		puts("many");
	free(counts);
	return 0;
}

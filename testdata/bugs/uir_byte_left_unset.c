/* A new block's tag is stored byte by byte but for its last byte, whose
 * bit shares a shadow byte with the bytes stored: reading it decides a
 * branch. */
#include <stdio.h>
#include <stdlib.h>

struct item {
	long value;
	char tag[8];
};

int main(void)
{
	struct item *it = malloc(sizeof *it);
	int i;
	if (!it)
		return 1;
	it->value = 3;
	for (i = 0; i < 7; i++)
		it->tag[i] = (char)('a' + i);
	if (it->tag[7] == 0) // want UNINITIALIZED-READ
		puts("terminated");
	free(it);
	return 0;
}

/* A pointer member of a fresh block is read before it was ever written:
 * its bytes are whatever the block held (zero, from fresh pages), so the
 * load finds a NULL the slot's shadow says nothing of, and the read is
 * still reported where the pointer is used. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *next;
	long value;
};

int main(void)
{
	struct node *nodes = malloc(4 * sizeof *nodes);
	if (!nodes)
		return 1;
	nodes[1].value = 3;
	struct node *next = nodes[2].next;
	if (next) // want full:UNINITIALIZED-READ
		puts("linked");
	printf("%ld\n", nodes[1].value);
	free(nodes);
	return 0;
}

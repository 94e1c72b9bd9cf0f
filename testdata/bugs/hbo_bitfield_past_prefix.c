/* A record allocated only up to its flags word (offsetof the first member
 * left out) has a bit-field of the part left out written: past the block. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
	long key;
	unsigned short flags;
	struct {
		unsigned char dirty : 1;
		unsigned char pinned : 1;
	} cache;
};

int main(void)
{
	struct node *n = malloc(offsetof(struct node, cache));
	n->key = 4;
	n->flags = 0;
	n->cache.dirty = 1; // want HEAP-BUFFER-OVERFLOW
	printf("%ld\n", n->key);
	free(n);
	return 0;
}

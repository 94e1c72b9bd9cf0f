#include <stdlib.h>
#include "pool.h"

struct block *pool_free;
char names[8][16];

/* Sixteen blocks linked in one allocation: once its first block is handed
 * out, only pointers into the chunk's middle are left (the free list's). */
struct block *pool_chunk(void)
{
	struct block *c = malloc(16 * sizeof *c);
	for (int i = 0; i < 15; i++)
		c[i].next = &c[i + 1];
	c[15].next = NULL;
	return c;
}

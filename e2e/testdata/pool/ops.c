#include <stddef.h>
#include <string.h>
#include "pool.h"

#ifdef TENTATIVE
struct block *pool_free; /* with -fcommon, one object with pool.c's */
#endif

void *pool_get(void)
{
	if (!pool_free)
		pool_free = pool_chunk();
	struct block *b = pool_free;
	pool_free = b->next;
	return b->data;
}

void pool_put(void *p)
{
	struct block *b = (struct block *)((char *)p - offsetof(struct block, data));
	b->next = pool_free;
	pool_free = b;
}

/* names is only declared here: a pointer into it still carries its record
 * (a read, which leaves the pool's head after names as it is) */
void name_copy(int i, char *to, unsigned long n)
{
	const char *row = names[i];
	memcpy(to, row, n);
}

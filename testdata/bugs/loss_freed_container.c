/* Freeing a struct drops the buffer it alone pointed to. */
#include <stdlib.h>

struct buf { char *data; size_t cap; };

int main(void)
{
	struct buf *b = malloc(sizeof *b);
	b->data = malloc(128); // want alloc:MEMORY-LEAK
	b->cap = 128;
	free(b); // want full:MEMORY-LEAK
	return 0;
}

/* Removing a node from a doubly linked list by relinking its neighbours drops it. */
#include <stdlib.h>

struct dn { struct dn *prev, *next; };

int main(void)
{
	struct dn *a = calloc(1, sizeof *a), *c = calloc(1, sizeof *c);
	struct dn *b = calloc(1, sizeof *b); // want alloc:MEMORY-LEAK
	a->next = b, b->prev = a, b->next = c, c->prev = b;
	b = NULL;
	a->next = c;
	c->prev = a; // want full:MEMORY-LEAK
	free(a);
	free(c);
	return 0;
}

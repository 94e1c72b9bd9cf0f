/* Unlinking a node without freeing it: its last reference is overwritten. */
#include <stdlib.h>

struct node { struct node *next; int v; };

static struct node *push(struct node *h, int v)
{
	struct node *n = malloc(sizeof *n); // want alloc:MEMORY-LEAK
	n->v = v;
	n->next = h;
	return n;
}

int main(void)
{
	struct node *h = NULL;
	for (int i = 0; i < 3; i++)
		h = push(h, i);
	h->next = h->next->next; // want full:MEMORY-LEAK
	free(h->next);
	free(h);
	return 0;
}

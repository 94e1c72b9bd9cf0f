/* Same-slot stores (p->next = f(p->next)): where f returns the pointer the
 * slot holds, the slot keeps its reference and its shadow; where it returns
 * another, the node skipped loses its last reference at that statement. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *next;
	int v;
};

static struct node *push(struct node *h, int v)
{
	struct node *n = malloc(sizeof *n); // want alloc:MEMORY-LEAK
	n->v = v;
	n->next = h;
	return n;
}

static struct node *keep(struct node *n)
{
	return n;
}

static struct node *skip(struct node *n)
{
	return n->next;
}

int main(void)
{
	struct node *h = NULL;
	for (int i = 0; i < 4; i++)
		h = push(h, i);
	for (int i = 0; i < 3; i++)
		h->next = keep(h->next);
	h->next->next = keep(h->next->next);
	printf("%d\n", h->next->next->v);
	h->next = skip(h->next); // want full:MEMORY-LEAK
	printf("%d\n", h->next->v);
	free(h->next->next);
	free(h->next);
	free(h);
	return 0;
}

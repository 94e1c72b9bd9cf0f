/* A callee whose parameter its caller's variable holds all along (a held
 * parameter, counting no reference of its own) drops the only reference
 * to a block in a field of that parameter's block: the loss is still seen
 * where the field is overwritten. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *child;
	long v;
};

static void prune(struct node *p)
{
	p->v += p->child->v;
	p->child = NULL; // want full:MEMORY-LEAK
}

int main(void)
{
	struct node *n = malloc(sizeof *n);
	if (!n)
		return 1;
	n->v = 1;
	n->child = malloc(sizeof *n->child); // want alloc:MEMORY-LEAK
	if (!n->child)
		return 1;
	n->child->v = 2;
	n->child->child = NULL;
	prune(n);
	printf("%ld\n", n->v);
	free(n);
	return 0;
}

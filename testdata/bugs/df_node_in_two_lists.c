/* One node is linked into two lists (a "recent" list and an "all" list),
 * each of which owns its nodes and frees them. The chain of the pointer
 * that freed the node first goes through the second list. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	int value;
	struct node *next;
};

struct list {
	struct node *head;
};

static struct node *node_new(int value)
{
	struct node *n = malloc(sizeof *n); // want origin:DOUBLE-FREE
	if (n == NULL)
		exit(1);
	n->value = value;
	n->next = NULL;
	return n;
}

static void push(struct list *l, struct node *n)
{
	n->next = l->head;
	l->head = n; // want chain:DOUBLE-FREE freechain:DOUBLE-FREE
}

static void list_free(struct list *l)
{
	struct node *n = l->head; // want chain:DOUBLE-FREE freechain:DOUBLE-FREE
	while (n != NULL) {
		struct node *next = n->next;
		free(n); // want DOUBLE-FREE
		n = next;
	}
	l->head = NULL;
}

int main(void)
{
	struct list all = {NULL}, recent = {NULL};
	struct node *a = node_new(1);
	push(&all, a);
	struct node *b = node_new(2);
	push(&all, b);
	struct node *c = node_new(3); // want chain:DOUBLE-FREE freechain:DOUBLE-FREE
	/* the bug: the same node in both lists, each owning it */
	push(&recent, c); // want freechain:DOUBLE-FREE
	c = NULL;
	push(&all, node_new(4));
	list_free(&recent);
	list_free(&all);
	return 0;
}

/* A doubly linked list: nodes pushed at the back, one removed from the
 * middle, then the list freed. */
#include <stdio.h>
#include <stdlib.h>

struct dnode {
	int key;
	struct dnode *prev, *next;
};

struct dlist {
	struct dnode *head, *tail;
};

static struct dnode *push_back(struct dlist *l, int key)
{
	struct dnode *n = malloc(sizeof *n);
	n->key = key;
	n->next = NULL;
	n->prev = l->tail;
	if (l->tail)
		l->tail->next = n;
	else
		l->head = n;
	l->tail = n;
	return n;
}

static void unlink_node(struct dlist *l, struct dnode *n)
{
	if (n->prev)
		n->prev->next = n->next;
	else
		l->head = n->next;
	if (n->next)
		n->next->prev = n->prev;
	else
		l->tail = n->prev;
	free(n);
}

int main(void)
{
	struct dlist *l = calloc(1, sizeof *l);
	struct dnode *mid = NULL;
	for (int i = 0; i < 5; i++) {
		struct dnode *n = push_back(l, i);
		if (i == 2)
			mid = n;
	}
	unlink_node(l, mid);
	int sum = 0;
	for (struct dnode *n = l->head; n; n = n->next)
		sum += n->key;
	printf("sum %d\n", sum);
	while (l->head)
		unlink_node(l, l->head);
	free(l);
	return 0;
}

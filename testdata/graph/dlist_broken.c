/* dlist.c with a bug: push_back links each new node back to the head
 * instead of the tail. Nothing reads the back links, so the program runs
 * as if it were right; memlens graph -check names the stores that broke
 * the list's invariants. */
#include <stdio.h>
#include <stdlib.h>

struct dnode {
	int key;
	struct dnode *prev, *next;
};

struct dlist {
	struct dnode *head, *tail;
};

static void push_back(struct dlist *l, int key)
{
	struct dnode *n = malloc(sizeof *n);
	n->key = key;
	n->next = NULL;
	n->prev = l->head; /* breaks forward_link */
	if (l->tail)
		l->tail->next = n; /* breaks back_link */
	else
		l->head = n;
	l->tail = n;
}

static void pop_front(struct dlist *l)
{
	struct dnode *n = l->head;
	l->head = n->next;
	if (n->next)
		n->next->prev = NULL;
	else
		l->tail = NULL;
	free(n);
}

int main(void)
{
	struct dlist *l = calloc(1, sizeof *l);
	for (int i = 0; i < 5; i++)
		push_back(l, i);
	int sum = 0;
	for (struct dnode *n = l->head; n; n = n->next)
		sum += n->key;
	printf("sum %d\n", sum);
	while (l->head)
		pop_front(l);
	free(l);
	return 0;
}

/* A loop removes matching nodes from a list while walking it and logs
 * each removal: remove() has freed the node the log line reads. The first
 * node removed is the head (the first report; the others repeat it). */
#include <stdio.h>
#include <stdlib.h>

struct node {
	int value;
	struct node *next;
};

static struct node *push(struct node *head, int value)
{
	struct node *n = malloc(sizeof *n); // want origin:DANGLING-POINTER-DEREF
	if (n == NULL)
		exit(1);
	n->value = value;
	n->next = head;
	return n; // want chain:DANGLING-POINTER-DEREF freechain:DANGLING-POINTER-DEREF
}

static struct node *remove_node(struct node *head, struct node *victim)
{
	if (head == victim) {
		struct node *rest = head->next;
		free(victim);
		return rest;
	}
	for (struct node *p = head; p->next != NULL; p = p->next)
		if (p->next == victim) {
			p->next = victim->next;
			free(victim);
			break;
		}
	return head;
}

int main(void)
{
	struct node *head = NULL;
	for (int i = 1; i <= 6; i++)
		head = push(head, i); // want chain:DANGLING-POINTER-DEREF freechain:DANGLING-POINTER-DEREF
	struct node *next;
	for (struct node *n = head; n != NULL; n = next) { // want chain:DANGLING-POINTER-DEREF freechain:DANGLING-POINTER-DEREF
		next = n->next;
		if (n->value % 2 != 0)
			continue;
		head = remove_node(head, n); // want freechain:DANGLING-POINTER-DEREF
		printf("removed %d\n", n->value); // want DANGLING-POINTER-DEREF
	}
	for (struct node *n = head; n != NULL; n = next) {
		next = n->next;
		printf("%d\n", n->value);
		free(n);
	}
	return 0;
}

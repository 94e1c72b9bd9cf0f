/* Overwriting the only pointer to a circular list cuts the whole ring off:
 * its nodes still point to each other, so no count reaches zero. */
#include <stdio.h>
#include <stdlib.h>

struct node { struct node *next; int v; };

static struct node *ring(int n)
{
	struct node *head = malloc(sizeof *head); // want alloc:MEMORY-LEAK
	struct node *tail = head;
	head->v = 0;
	for (int i = 1; i < n; i++) {
		struct node *x = malloc(sizeof *x); // want alloc:MEMORY-LEAK
		x->v = i;
		tail->next = x;
		tail = x;
	}
	tail->next = head;
	return head;
}

int main(void)
{
	struct node *r = ring(4);
	printf("%d\n", r->next->next->v);
	r = NULL; // want full:MEMORY-LEAK
	puts("done");
	return 0;
}

/* Dropping the head of a list loses every node, one pointer step further each. */
#include <stdlib.h>

struct node { struct node *next; };

static struct node *push(struct node *head)
{
	struct node *n = malloc(sizeof *n); // want alloc:MEMORY-LEAK
	n->next = head;
	return n;
}

int main(void)
{
	struct node *head = NULL;
	for (int i = 0; i < 4; i++)
		head = push(head);
	head = NULL; // want full:MEMORY-LEAK
	return 0;
}

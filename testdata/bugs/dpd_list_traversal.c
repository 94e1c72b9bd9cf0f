/* A node is freed but left linked in the list; the next traversal walks
 * into it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
	char label[16];
	int value;
	struct node *next;
};

static struct node *push(struct node *head, const char *label, int value)
{
	struct node *n = malloc(sizeof *n);
	if (n == NULL)
		exit(1);
	snprintf(n->label, sizeof n->label, "%s", label);
	n->value = value;
	n->next = head;
	return n;
}

static int sum(const struct node *head)
{
	int s = 0;
	for (const struct node *n = head; n != NULL; n = n->next) s += n->value; // want DANGLING-POINTER-DEREF
	return s;
}

int main(void)
{
	struct node *c = push(NULL, "c", 3);
	struct node *b = push(c, "b", 20);
	struct node *head = push(b, "a", 100);
	printf("sum before: %d\n", sum(head));
	free(b); /* "remove" b: freed, but a->next still points to it */
	printf("sum after: %d\n", sum(head));
	free(c);
	free(head);
	return 0;
}

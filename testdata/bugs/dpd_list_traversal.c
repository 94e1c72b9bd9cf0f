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
	struct node *head = NULL;
	head = push(head, "c", 3);
	head = push(head, "b", 20);
	head = push(head, "a", 100);
	printf("sum before: %d\n", sum(head));
	/* "remove" b: frees it but forgets to unlink it */
	struct node *b = head->next;
	free(b);
	printf("sum after: %d\n", sum(head));
	return 0;
}

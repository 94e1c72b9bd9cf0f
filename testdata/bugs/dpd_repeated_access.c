/* A field read twice with a call in between: the call may free the block,
 * so the second read is checked again. Likewise through a callee that
 * frees, and in a loop that frees as it goes. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *next;
	long value;
};

static void drop(struct node *n)
{
	free(n);
}

int main(void)
{
	struct node *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	long sum = 0;
	a->next = b;
	a->value = 1;
	b->next = NULL;
	b->value = 2;

	sum += a->value;
	drop(a);
	sum += a->value; // want DANGLING-POINTER-DEREF

	long kept = b->value;
	free(b);
	if (kept > 0)
		sum += b->value; // want DANGLING-POINTER-DEREF

	printf("%ld\n", sum);
	return 0;
}

/* Pointers (and integers) copied by a struct assignment and by memcpy:
 * the copies are the destination's edges and members. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
	int key;
	struct node *next;
};

int main(void)
{
	struct node *a = malloc(sizeof *a);
	a->key = 1;
	struct node *b = malloc(sizeof *b);
	b->key = 2;
	b->next = NULL;
	a->next = b;
	struct node *c = malloc(sizeof *c);
	*c = *a; /* struct copy */
	struct node **old = malloc(2 * sizeof *old);
	old[0] = a;
	old[1] = c;
	struct node **grown = malloc(4 * sizeof *grown);
	memcpy(grown, old, 2 * sizeof *old); /* memcpy */
	free(old);
	grown[2] = b;
	grown[3] = NULL;
	printf("%d\n", grown[1]->next->key + c->key);
	free(grown);
	free(c);
	free(b);
	free(a);
	return 0;
}

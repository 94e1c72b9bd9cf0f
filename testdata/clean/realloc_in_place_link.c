/* A realloc that shrinks a block may leave it where it was; the program
 * updates the links to the block only when it moved (redis 6.2.6 rax.c
 * raxRemove, after raxRemoveChild). memlens's realloc, as ASan's and
 * Valgrind's, always moves the block, so the links are updated and no
 * report is due (memlens once kept the address under a new identity and
 * reported the next use of a link as a DANGLING-POINTER-DEREF). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node { int size; struct node *child[8]; };
int main(void)
{
	struct node *parent = calloc(1, sizeof *parent);
	struct node *n = malloc(sizeof *n);
	n->size = 8;
	memcpy(&parent->child[0], &n, sizeof n);
	struct node *shrunk = realloc(n, sizeof(int) + 2 * sizeof(struct node *));
	if (shrunk != n)	/* moved: update the parent's link, as redis's rax.c does */
		memcpy(&parent->child[0], &shrunk, sizeof shrunk);
	shrunk->size = 2;
	struct node *h;
	memcpy(&h, &parent->child[0], sizeof h);
	printf("%d\n", h->size);
	free(h);
	free(parent);
	return 0;
}

/* Parked (names starting with _ are skipped): memlens reports a
 * DANGLING-POINTER-DEREF here that is no bug in practice. A realloc that
 * does not move keeps the address; the program updates the links to the
 * block only when it moved (redis 6.2.6 rax.c raxRemove, after
 * raxRemoveChild), and memlens, which gives a block realloc kept in place a
 * new identity, reports the next use of a link (redis-server: rax.c:465, then
 * a DOUBLE-FREE of the realloc and a SIGSEGV gcc's build never has). Unpark it
 * (rename to realloc_in_place_link.c) with the fix. */
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

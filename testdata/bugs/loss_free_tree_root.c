/* Freeing only the root of a tree loses its subtrees. */
#include <stdlib.h>

struct tn { struct tn *l, *r; };

static struct tn *mk(int d)
{
	struct tn *t = calloc(1, sizeof *t); // want alloc:MEMORY-LEAK
	if (d) {
		t->l = mk(d - 1);
		t->r = mk(d - 1);
	}
	return t;
}

int main(void)
{
	struct tn *root = mk(2);
	free(root); // want full:MEMORY-LEAK
	return 0;
}

/* A recursive walk sums a tree's values into an out-parameter that it
 * passes on to a helper and to itself, always the address of main's local
 * (memlens's bare parameters: no meta, no check, the local never
 * registered); the sum must be the native build's. */
#include <stdio.h>

struct tree {
	long value;
	struct tree *left, *right;
};

static void add_to(long *acc, long v)
{
	*acc += v;
}

static void sum(const struct tree *t, long *acc, long *nodes)
{
	if (t == NULL)
		return;
	add_to(acc, t->value);
	add_to(nodes, 1);
	sum(t->left, acc, nodes);
	sum(t->right, acc, nodes);
}

int main(void)
{
	struct tree leaves[2] = {{3, NULL, NULL}, {4, NULL, NULL}};
	struct tree root = {5, &leaves[0], &leaves[1]};
	long total = 0, nodes = 0;
	sum(&root, &total, &nodes);
	printf("%ld in %ld nodes\n", total, nodes);
	return total == 12 && nodes == 3 ? 0 : 1;
}

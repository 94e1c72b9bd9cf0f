/* Leak options and loss records (e2e/leaks_test.go): a tree built
 * recursively and dropped (one definite root, the rest indirect, through
 * many call paths), a list node dropped, and a block kept in a global. */
#include <stdlib.h>

struct tnode {
	struct tnode *left, *right;
};

static struct tnode *tree(int depth)
{
	struct tnode *t = calloc(1, sizeof *t); /* line 12 */
	if (depth > 0) {
		t->left = tree(depth - 1);
		t->right = tree(depth - 1);
	}
	return t;
}

static char *make_name(void)
{
	return malloc(24); /* line 22 */
}

static char *kept;

int main(void)
{
	struct tnode *t = tree(8); /* 511 nodes */
	t = NULL;
	char *name = make_name();
	name = NULL;
	kept = malloc(100);
	return t != NULL || name != NULL;
}

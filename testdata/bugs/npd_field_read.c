/* The tree's minimum is read through root->left->... without checking for
 * an empty tree. */
#include <stdio.h>
#include <stdlib.h>

struct tree {
	int key;
	struct tree *left, *right;
};

static struct tree *insert(struct tree *t, int key)
{
	if (t == NULL) {
		t = calloc(1, sizeof *t);
		if (t == NULL)
			exit(1);
		t->key = key;
	} else if (key < t->key) {
		t->left = insert(t->left, key);
	} else {
		t->right = insert(t->right, key);
	}
	return t;
}

static int minimum(const struct tree *t)
{
	while (t->left != NULL) // want NULL-POINTER-DEREF
		t = t->left;
	return t->key;
}

static void destroy(struct tree *t)
{
	if (t != NULL) {
		destroy(t->left);
		destroy(t->right);
		free(t);
	}
}

int main(void)
{
	struct tree *t = NULL;
	int keys[] = {50, 30, 70, 20};
	for (int i = 0; i < 4; i++)
		t = insert(t, keys[i]);
	printf("min %d\n", minimum(t));
	destroy(t);
	struct tree *empty = NULL;
	printf("min of empty tree %d\n", minimum(empty));
	return 0;
}

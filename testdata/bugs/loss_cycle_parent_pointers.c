/* Detaching a subtree whose nodes point back to their parents: the
 * subtree is a cycle (child -> parent -> child), cut off by the
 * assignment that detaches it. */
#include <stdio.h>
#include <stdlib.h>

struct tn { struct tn *parent, *left, *right; int key; };

static struct tn *node(struct tn *parent, int key)
{
	struct tn *t = calloc(1, sizeof *t); // want alloc:MEMORY-LEAK
	t->parent = parent;
	t->key = key;
	return t;
}

int main(void)
{
	struct tn *root = node(NULL, 8);
	root->left = node(root, 4);
	root->right = node(root, 12);
	root->left->left = node(root->left, 2);
	root->left->right = node(root->left, 6);
	printf("%d\n", root->left->right->parent->key);
	root->left = NULL; // want full:MEMORY-LEAK
	free(root->right);
	free(root);
	return 0;
}

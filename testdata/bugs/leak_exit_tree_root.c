// memlens:options leak_check=exit
/* A tree is "cleared" by forgetting its root: the root is definitely
 * lost, every other node indirectly. */
#include <stdio.h>
#include <stdlib.h>

struct tnode {
	struct tnode *left, *right;
	int key;
};

static struct tnode *insert(struct tnode *t, int key)
{
	if (!t) {
		t = calloc(1, sizeof *t); // want MEMORY-LEAK
		t->key = key;
		return t;
	}
	if (key < t->key)
		t->left = insert(t->left, key);
	else
		t->right = insert(t->right, key);
	return t;
}

static struct tnode *root;

int main(void)
{
	int keys[] = {50, 30, 70, 20, 40, 60, 80};
	for (int i = 0; i < 7; i++)
		root = insert(root, keys[i]);
	printf("%d %d\n", root->left->key, root->right->right->key);
	root = NULL; /* "clear" */
	return 0;
}

/* Functions every call of which stores the block returned into memory (or
 * returns it from such a function) hand their reference over to the slot:
 * an insert that returns the node its slot held already keeps it, and a
 * block is lost where a store replaces the slot's last reference to it. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *left, *right;
	int key;
};

static struct node *make(int key)
{
	struct node *n = malloc(sizeof *n); // want alloc:MEMORY-LEAK
	n->left = n->right = NULL;
	n->key = key;
	return n;
}

static struct node *insert(struct node *n, int key)
{
	if (!n)
		return make(key);
	if (key < n->key)
		n->left = insert(n->left, key);
	else
		n->right = insert(n->right, key);
	return n;
}

static int sum(const struct node *n)
{
	return n ? n->key + sum(n->left) + sum(n->right) : 0;
}

static void destroy(struct node *n)
{
	if (n) {
		destroy(n->left);
		destroy(n->right);
		free(n);
	}
}

struct holder {
	struct node *root;
};

int main(void)
{
	struct holder *h = malloc(sizeof *h);
	static const int keys[] = {4, 2, 6, 5, 7};
	h->root = NULL;
	for (int i = 0; i < 5; i++)
		h->root = insert(h->root, keys[i]);
	printf("%d\n", sum(h->root));
	h->root->left = make(1); // want full:MEMORY-LEAK
	printf("%d\n", sum(h->root));
	destroy(h->root);
	free(h);
	return 0;
}

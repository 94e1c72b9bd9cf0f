/* A binary search tree with parent links: keys inserted, one node with two
 * children deleted (its successor takes its place), then the tree freed. */
#include <stdio.h>
#include <stdlib.h>

typedef struct tnode {
	int key;
	struct tnode *left, *right, *parent;
} tnode_t;

static tnode_t *insert(tnode_t **root, int key)
{
	tnode_t *parent = NULL, **link = root;
	while (*link) {
		parent = *link;
		link = key < parent->key ? &parent->left : &parent->right;
	}
	tnode_t *n = malloc(sizeof *n);
	n->key = key;
	n->left = n->right = NULL;
	n->parent = parent;
	*link = n;
	return n;
}

/* Replace subtree u by subtree v in u's parent. */
static void transplant(struct tnode **root, struct tnode *u, struct tnode *v)
{
	if (!u->parent)
		*root = v;
	else if (u == u->parent->left)
		u->parent->left = v;
	else
		u->parent->right = v;
	if (v)
		v->parent = u->parent;
}

static void delete(struct tnode **root, struct tnode *z)
{
	if (!z->left) {
		transplant(root, z, z->right);
	} else if (!z->right) {
		transplant(root, z, z->left);
	} else {
		struct tnode *y = z->right;
		while (y->left)
			y = y->left;
		if (y->parent != z) {
			transplant(root, y, y->right);
			y->right = z->right;
			y->right->parent = y;
		}
		transplant(root, z, y);
		y->left = z->left;
		y->left->parent = y;
	}
	free(z);
}

static void destroy(struct tnode *n)
{
	if (!n)
		return;
	destroy(n->left);
	destroy(n->right);
	free(n);
}

static void print(const struct tnode *n)
{
	if (!n)
		return;
	print(n->left);
	printf("%d ", n->key);
	print(n->right);
}

int main(void)
{
	static const int keys[] = {50, 30, 70, 20, 40, 60, 80, 65};
	struct tnode **root = calloc(1, sizeof *root);
	struct tnode *seventy = NULL;
	for (unsigned i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		struct tnode *n = insert(root, keys[i]);
		if (keys[i] == 70)
			seventy = n;
	}
	delete(root, seventy);
	print(*root);
	printf("\n");
	destroy(*root);
	free(root);
	return 0;
}

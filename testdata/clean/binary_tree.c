/* A binary search tree: insert, find, delete (all three cases), traversals
 * selected by an enum, height, and recursive destruction. */
#include <stdio.h>
#include <stdlib.h>

struct tree {
	int key;
	int count;
	struct tree *left, *right;
};

enum order { PRE, IN, POST };

static struct tree *insert(struct tree *t, int key)
{
	if (t == NULL) {
		t = calloc(1, sizeof *t);
		if (t == NULL)
			abort();
		t->key = key;
		t->count = 1;
		return t;
	}
	if (key < t->key)
		t->left = insert(t->left, key);
	else if (key > t->key)
		t->right = insert(t->right, key);
	else
		t->count++;
	return t;
}

static const struct tree *find(const struct tree *t, int key)
{
	while (t != NULL && t->key != key)
		t = key < t->key ? t->left : t->right;
	return t;
}

static struct tree *delete(struct tree *t, int key)
{
	if (t == NULL)
		return NULL;
	if (key < t->key) {
		t->left = delete(t->left, key);
	} else if (key > t->key) {
		t->right = delete(t->right, key);
	} else if (t->left == NULL || t->right == NULL) {
		struct tree *child = t->left != NULL ? t->left : t->right;
		free(t);
		return child;
	} else {
		struct tree *succ = t->right;
		while (succ->left != NULL)
			succ = succ->left;
		t->key = succ->key;
		t->count = succ->count;
		t->right = delete(t->right, succ->key);
	}
	return t;
}

static void walk(const struct tree *t, enum order o)
{
	if (t == NULL)
		return;
	switch (o) {
	case PRE:
		printf(" %d", t->key);
		walk(t->left, o);
		walk(t->right, o);
		break;
	case IN:
		walk(t->left, o);
		printf(" %d", t->key);
		walk(t->right, o);
		break;
	case POST:
		walk(t->left, o);
		walk(t->right, o);
		printf(" %d", t->key);
		break;
	}
}

static int height(const struct tree *t)
{
	if (t == NULL)
		return 0;
	int l = height(t->left), r = height(t->right);
	return 1 + (l > r ? l : r);
}

static void destroy(struct tree *t)
{
	if (t == NULL)
		return;
	destroy(t->left);
	destroy(t->right);
	free(t);
}

int main(void)
{
	static const char *names[] = {[PRE] = "pre", [IN] = "in", [POST] = "post"};
	int keys[] = {50, 30, 70, 20, 40, 60, 80, 35, 45, 65, 30, 50};
	struct tree *t = NULL;
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		t = insert(t, keys[i]);
	for (enum order o = PRE; o <= POST; o++) {
		printf("%-4s:", names[o]);
		walk(t, o);
		printf("\n");
	}
	printf("height %d\n", height(t));
	int probes[] = {30, 45, 99};
	for (int i = 0; i < 3; i++) {
		const struct tree *f = find(t, probes[i]);
		if (f != NULL)
			printf("found %d (x%d)\n", f->key, f->count);
		else
			printf("%d not found\n", probes[i]);
	}
	t = delete(t, 20); /* leaf */
	t = delete(t, 60); /* one child */
	t = delete(t, 30); /* two children */
	t = delete(t, 50); /* the root */
	printf("after deletes:");
	walk(t, IN);
	printf("\nheight %d\n", height(t));
	destroy(t);
	return 0;
}

/* tree.c: AVL tree with one malloc'd node per key.
 * Random inserts, lookups and deletes over a key space larger than the
 * tree, then an in-order traversal; prints a checksum of the results.
 * memlens:bench
 */
#include <stdio.h>
#include <stdlib.h>

#define RNG_SEED 88172645463325252ULL
#include "rng.h"

struct node {
	long key;
	long value;
	int height;
	struct node *left;
	struct node *right;
};

static int height(const struct node *n)
{
	return n ? n->height : 0;
}

static void update(struct node *n)
{
	int hl = height(n->left), hr = height(n->right);
	n->height = (hl > hr ? hl : hr) + 1;
}

static struct node *rotate_right(struct node *y)
{
	struct node *x = y->left;
	y->left = x->right;
	x->right = y;
	update(y);
	update(x);
	return x;
}

static struct node *rotate_left(struct node *x)
{
	struct node *y = x->right;
	x->right = y->left;
	y->left = x;
	update(x);
	update(y);
	return y;
}

static struct node *rebalance(struct node *n)
{
	int bal;
	update(n);
	bal = height(n->left) - height(n->right);
	if (bal > 1) {
		if (height(n->left->left) < height(n->left->right))
			n->left = rotate_left(n->left);
		return rotate_right(n);
	}
	if (bal < -1) {
		if (height(n->right->right) < height(n->right->left))
			n->right = rotate_right(n->right);
		return rotate_left(n);
	}
	return n;
}

static long node_count;

static struct node *insert(struct node *n, long key, long value)
{
	if (!n) {
		struct node *m = malloc(sizeof *m);
		if (!m) {
			perror("malloc");
			exit(1);
		}
		m->key = key;
		m->value = value;
		m->height = 1;
		m->left = m->right = NULL;
		node_count++;
		return m;
	}
	if (key < n->key)
		n->left = insert(n->left, key, value);
	else if (key > n->key)
		n->right = insert(n->right, key, value);
	else {
		n->value += value;
		return n;
	}
	return rebalance(n);
}

static struct node *remove_min(struct node *n, struct node **min)
{
	if (!n->left) {
		*min = n;
		return n->right;
	}
	n->left = remove_min(n->left, min);
	return rebalance(n);
}

static struct node *delete(struct node *n, long key, long *removed)
{
	if (!n)
		return NULL;
	if (key < n->key)
		n->left = delete(n->left, key, removed);
	else if (key > n->key)
		n->right = delete(n->right, key, removed);
	else {
		struct node *l = n->left, *r = n->right, *min;
		*removed += n->value;
		free(n);
		node_count--;
		if (!r)
			return l;
		r = remove_min(r, &min);
		min->left = l;
		min->right = r;
		return rebalance(min);
	}
	return rebalance(n);
}

static const struct node *lookup(const struct node *n, long key)
{
	while (n) {
		if (key < n->key)
			n = n->left;
		else if (key > n->key)
			n = n->right;
		else
			return n;
	}
	return NULL;
}

static unsigned long long walk(const struct node *n, unsigned long long h)
{
	while (n) {
		h = walk(n->left, h);
		h = h * 1000003ULL ^ (unsigned long long)n->key ^ ((unsigned long long)n->value << 20);
		n = n->right;
	}
	return h;
}

static void destroy(struct node *n)
{
	while (n) {
		struct node *r = n->right;
		destroy(n->left);
		free(n);
		n = r;
	}
}

int main(int argc, char **argv)
{
	long ops = argc > 1 ? atol(argv[1]) : 900000;
	long keyspace = 400000;
	struct node *root = NULL;
	long i, found = 0, removed = 0;
	unsigned long long sum = 0;

	for (i = 0; i < ops; i++) {
		long key = (long)(xorshift64() % (unsigned long long)keyspace);
		unsigned op = (unsigned)(xorshift64() % 10);
		if (op < 5) {
			root = insert(root, key, i & 1023);
		} else if (op < 8) {
			const struct node *n = lookup(root, key);
			if (n) {
				found++;
				sum += (unsigned long long)n->value;
			}
		} else {
			root = delete(root, key, &removed);
		}
	}
	sum = walk(root, sum);
	printf("tree: nodes=%ld height=%d found=%ld removed=%ld checksum=%016llx\n",
	       node_count, height(root), found, removed, sum);
	destroy(root);
	return 0;
}

/* Same-slot stores: a pointer read from a slot and stored back into it by
 * the same statement (n->left = insert(n->left, k), p->next = f(p->next)).
 * With full checking they keep the slot's shadow word where the pointer
 * stored is the one the slot holds (__ml_sta_same); where it is another
 * (a rotation, a node unlinked) the slot takes the new pointer and drops
 * the old one's reference. Clean: every block is freed, no read is of an
 * undefined byte, and the output is the native build's. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *left, *right;
	long key;
	int height;
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

/* an AVL insert: most stores put back the pointer the slot holds */
static struct node *insert(struct node *n, long key)
{
	if (!n) {
		struct node *m = malloc(sizeof *m); /* (fields set one by one) */
		if (!m) {
			perror("malloc");
			exit(1);
		}
		m->key = key;
		m->height = 1;
		m->left = m->right = NULL;
		return m;
	}
	if (key < n->key)
		n->left = insert(n->left, key);
	else if (key > n->key)
		n->right = insert(n->right, key);
	else
		return n;
	return rebalance(n);
}

/* a plain binary search tree's insert, through a pointer to a function
 * (no reference handed over): the same stores */
static struct node *(*volatile plain_insert)(struct node *, long);

static struct node *plain(struct node *n, long key)
{
	if (!n) {
		n = calloc(1, sizeof *n);
		if (!n) {
			perror("calloc");
			exit(1);
		}
		n->key = key;
		n->height = 1;
		return n;
	}
	if (key < n->key)
		n->left = plain_insert(n->left, key);
	else if (key > n->key)
		n->right = plain_insert(n->right, key);
	return n;
}

/* the minimum unlinked: its slot takes its right child (another pointer) */
static struct node *remove_min(struct node *n, struct node **min)
{
	if (!n->left) {
		*min = n;
		return n->right;
	}
	n->left = remove_min(n->left, min);
	return rebalance(n);
}

static struct node *delete(struct node *n, long key)
{
	if (!n)
		return NULL;
	if (key < n->key)
		n->left = delete(n->left, key);
	else if (key > n->key)
		n->right = delete(n->right, key);
	else {
		struct node *l = n->left, *r = n->right, *min;
		free(n);
		if (!r)
			return l;
		r = remove_min(r, &min);
		min->left = l;
		min->right = r;
		return rebalance(min);
	}
	return rebalance(n);
}

static unsigned long walk(const struct node *n, unsigned long h)
{
	while (n) {
		h = walk(n->left, h);
		h = h * 31 + (unsigned long)n->key;
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

/* a list: p->next = f(p->next), f returning its argument, or the next
 * node with the one it skips freed */
struct item {
	struct item *next;
	long v;
};

static struct item *keep(struct item *i)
{
	return i;
}

static struct item *skip(struct item *i)
{
	struct item *next = i->next;
	free(i);
	return next;
}

int main(void)
{
	struct node *root = NULL, *other = NULL;
	struct item head = {NULL, 0}, *p;
	unsigned long x = 12345, h;
	long i, n = 0;

	plain_insert = plain;
	for (i = 0; i < 2000; i++) {
		x = x * 6364136223846793005UL + 1442695040888963407UL;
		root = insert(root, (long)(x >> 40) % 1000);
		other = plain_insert(other, (long)(x >> 33) % 500);
	}
	for (i = 0; i < 600; i++)
		root = delete(root, i * 7 % 1000);
	h = walk(root, 0);
	h = walk(other, h);

	for (i = 0; i < 10; i++) {
		struct item *it = malloc(sizeof *it);
		if (!it)
			return 1;
		it->v = i;
		it->next = head.next;
		head.next = it;
	}
	for (p = &head; p->next; p = p->next) {
		p->next = keep(p->next);
		if (p->next->v % 3 == 0)
			p->next = skip(p->next);
		if (!p->next)
			break;
	}
	for (p = head.next; p; p = p->next)
		n += p->v;
	while (head.next)
		head.next = skip(head.next);

	printf("height %d checksum %lx items %ld\n", height(root), h, n);
	destroy(root);
	destroy(other);
	return 0;
}

/* forest.c: an index of millions of small blocks, kept to the end.
 * Random keys go into a forest of unbalanced binary search trees (a root
 * per key range, the roots in a global array), each node a malloc'd block
 * with a malloc'd label; lookups walk the trees and some labels are
 * replaced. Nothing is freed: every block is still reachable from the
 * global roots at exit, which makes this the worst case of a leak check at
 * exit (millions of live blocks to scan) that must still report nothing.
 * memlens:bench
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RNG_SEED 0xD1B54A32D192ED03ULL
#include "rng.h"

#define ROOTS 65536

struct node {
	unsigned long long key;
	struct node *left, *right;
	char *label;
};

/* The index: reachable from here until the program ends. */
static struct node *roots[ROOTS];

static void *xmalloc(size_t n)
{
	void *p = malloc(n);
	if (!p) {
		perror("malloc");
		exit(1);
	}
	return p;
}

static char *make_label(unsigned long long key)
{
	/* 8 to 23 bytes: blocks of a few sizes, as real programs' strings */
	size_t len = 7 + (size_t)(key % 16);
	char *s = xmalloc(len + 1);
	size_t i;
	for (i = 0; i < len; i++)
		s[i] = (char)('a' + (key >> (i * 2)) % 26);
	s[len] = '\0';
	return s;
}

static struct node **slot(unsigned long long key)
{
	struct node **at = &roots[key % ROOTS];
	while (*at && (*at)->key != key)
		at = key < (*at)->key ? &(*at)->left : &(*at)->right;
	return at;
}

static int insert(unsigned long long key)
{
	struct node **at = slot(key), *n;
	if (*at)
		return 0;
	n = xmalloc(sizeof *n);
	n->key = key;
	n->left = n->right = NULL;
	n->label = make_label(key);
	*at = n;
	return 1;
}

static unsigned long long relabel(unsigned long long key)
{
	struct node *n = *slot(key);
	unsigned long long h;
	if (!n)
		return 0;
	h = strlen(n->label);
	free(n->label);
	n->label = make_label(key * 31 + 7);
	return h + (unsigned char)n->label[0];
}

static unsigned long long depth_sum(const struct node *n, unsigned long long depth)
{
	if (!n)
		return 0;
	return depth + depth_sum(n->left, depth + 1) + depth_sum(n->right, depth + 1);
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1200000, i, inserted = 0;
	unsigned long long sum = 0, space = 4ULL * (unsigned long long)(n > 0 ? n : 1);
	for (i = 0; i < n; i++)
		inserted += insert(xorshift64() % space);
	for (i = 0; i < n / 2; i++)
		sum = sum * 1000003ULL + relabel(xorshift64() % space);
	for (i = 0; i < ROOTS; i++)
		sum = sum * 1000003ULL + depth_sum(roots[i], 0);
	printf("forest: n=%ld nodes=%ld blocks=%ld checksum=%016llx\n", n, inserted, 2 * inserted, sum);
	return 0;
}

/* A lookup cache remembers the last node found and tests a key against
 * it by comparing the address of the string header the node's generic
 * pointer names (Lua's eqshrstr idiom); the node is freed on removal but
 * the cache still names it, and the next lookup reads its pointer. */
#include <stdio.h>
#include <stdlib.h>

struct str {
	unsigned hash;
	char text[12];
};

union gcobj {
	struct str s;
	double align;
};

struct node {
	void *key;
	int value;
};

static struct node *last;

static int cached(struct str *key)
{
	return last != NULL && &((union gcobj *)last->key)->s == key; // want DANGLING-POINTER-DEREF
}

int main(void)
{
	static struct str a = {1, "alpha"};
	struct node *n = malloc(sizeof *n);
	if (n == NULL)
		return 1;
	n->key = &a;
	n->value = 7;
	last = n;
	printf("alpha cached: %d\n", cached(&a));
	free(n); /* removed, but the cache still names it */
	printf("alpha cached: %d\n", cached(&a) >= 0);
	return 0;
}

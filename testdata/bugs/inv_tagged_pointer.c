/* Nodes are stored with a type tag in the pointer's top bits; one path
 * forgets to strip the tag before dereferencing. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TAG_SHIFT 60
#define TAG_LEAF 3UL

struct node {
	int value;
};

static uintptr_t tag(struct node *n, unsigned long t)
{
	return (uintptr_t)n | (t << TAG_SHIFT);
}

static struct node *untag(uintptr_t p)
{
	return (struct node *)(p & ((1UL << TAG_SHIFT) - 1));
}

int main(void)
{
	struct node *n = malloc(sizeof *n);
	if (!n)
		return 1;
	n->value = 5;
	uintptr_t t = tag(n, TAG_LEAF);
	printf("%d\n", untag(t)->value);
	struct node *raw = (struct node *)t;
	printf("%d\n", raw->value); // want INVALID-DEREF
	free(n);
	return 0;
}

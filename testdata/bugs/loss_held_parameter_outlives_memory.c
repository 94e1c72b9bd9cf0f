/* A callee's parameter is its caller's copy read from memory (a field, a
 * global), which the callee frees or overwrites: the parameter is then the
 * last reference, so it is not a held one, and the block is lost where the
 * callee returns. */
#include <stdio.h>
#include <stdlib.h>

struct item {
	long v;
};
struct box {
	struct item *it;
};

static struct item *current;

static long consume(struct box *b, struct item *it)
{
	long v = it->v;
	free(b);
	return v; // want full:MEMORY-LEAK
}

static long replace(struct item *it)
{
	current = NULL;
	return it->v; // want full:MEMORY-LEAK
}

int main(void)
{
	struct box *b = malloc(sizeof *b);
	if (!b)
		return 1;
	b->it = malloc(sizeof *b->it); // want alloc:MEMORY-LEAK
	if (!b->it)
		return 1;
	b->it->v = 3;
	printf("%ld\n", consume(b, b->it));
	current = malloc(sizeof *current); // want alloc:MEMORY-LEAK
	if (!current)
		return 1;
	current->v = 4;
	printf("%ld\n", replace(current));
	return 0;
}

/* An index past an array inside a struct, in a leaf function called from
 * the second of two lines of a function called from main: the index
 * report stores the leaf's call site in its caller's frame first
 * (TestLeafCallSiteStacks). */
#include <stdio.h>
#include <stdlib.h>

struct rec {
	int a[4];
	int b;
};

static int at(struct rec *r, int i)
{
	return r->a[i]; // want INTRA-OBJECT-OVERFLOW
}

static int twice(struct rec *r, int i)
{
	int s = at(r, 0);
	return s + at(r, i);
}

int main(int argc, char **argv)
{
	struct rec *r = calloc(1, sizeof *r);
	(void)argv;
	if (!r)
		return 1;
	printf("%d\n", twice(r, argc + 3));
	free(r);
	return 0;
}

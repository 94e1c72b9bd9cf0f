/* A fresh block is in flight as an argument while the call of another
 * argument runs (the arguments' order is the compiler's: there is one on
 * each side). What that call and its callees lose is reported at their own
 * statements, at every depth, and the blocks in flight are kept by the
 * function they are passed to. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
	char *first, *last;
	long n;
};

static char *label(const char *s)
{
	char *p = malloc(strlen(s) + 1);
	strcpy(p, s);
	return p;
}

static char *scratch(void)
{
	return calloc(1, 24); // want alloc:MEMORY-LEAK
}

static long work(int depth)
{
	char *tmp = malloc(32); // want alloc:MEMORY-LEAK
	long n = depth;
	tmp[0] = (char)depth;
	if (depth > 0)
		n += work(depth - 1) + tmp[0];
	scratch(); // want full:MEMORY-LEAK
	tmp = NULL; // want full:MEMORY-LEAK
	return n;
}

static void keep(struct entry *e, char *first, long n, char *last)
{
	e->first = first;
	e->last = last;
	e->n = n;
}

int main(void)
{
	struct entry e;
	keep(&e, label("first"), work(3), label("last"));
	printf("%s %s %ld\n", e.first, e.last, e.n);
	free(e.first);
	free(e.last);
	return 0;
}

/* Reports inside leaf functions returning a pointer (direct, calling
 * nothing), inlined by gcc or not, each called from two lines of a
 * function called from main: optimised, the callers store no frame site
 * before calling such a leaf, which is handed its call's site instead, so
 * a report's stack must still name the line of the call it came through;
 * the pointer a leaf returns keeps its block (TestLeafCallSiteStacks). */
#include <stdio.h>
#include <stdlib.h>

int last; /* (what the leaves read: a global, so they call nothing) */

static const int *at(const int *p, int i)
{
	last = p[i]; // want HEAP-BUFFER-OVERFLOW
	return p + i;
}

__attribute__((noinline)) static const int *at_out(const int *p, int i)
{
	last = p[i]; // want HEAP-BUFFER-OVERFLOW
	return p + i;
}

static long offsets(const int *p, int n)
{
	long s = *at(p, 1);
	s += at(p, n) - p;
	s += *at_out(p, 2);
	s += at_out(p, n + 1) - p;
	last = at(p, 3)[1]; // want HEAP-BUFFER-OVERFLOW
	return s;
}

int main(void)
{
	int *p = calloc(4, sizeof *p);
	if (p)
		printf("%ld\n", offsets(p, 4));
	free(p);
	return 0;
}

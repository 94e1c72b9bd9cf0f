/* Reports inside leaf functions (direct, calling nothing but a function
 * that never returns), inlined by gcc or not, each called from two lines
 * of a function called from main: optimised, the callers store no frame
 * site before calling a leaf, which is handed its call's site instead, so
 * a report's stack must still name the line of the call it came through
 * (TestLeafCallSiteStacks). */
#include <stdio.h>
#include <stdlib.h>

static void fail(const char *why, const int *p)
{
	fprintf(stderr, "%s %d\n", why, p[4]); // want HEAP-BUFFER-OVERFLOW
	exit(0);
}

static int get(const int *p, int i)
{
	return p[i]; // want HEAP-BUFFER-OVERFLOW
}

__attribute__((noinline)) static int get_out(const int *p, int i)
{
	return p[i]; // want HEAP-BUFFER-OVERFLOW
}

static int checked(const int *p, int i)
{
	if (i > 4)
		fail("bad index", p);
	return p[i];
}

static int sum(const int *p, int n)
{
	int s = get(p, 0);
	s += get(p, n);
	s += get_out(p, 1);
	s += get_out(p, n + 1);
	s += checked(p, 2);
	s += checked(p, n + 2);
	return s;
}

int main(void)
{
	int *p = malloc(4 * sizeof *p);
	if (!p)
		return 1;
	for (int i = 0; i < 4; i++)
		p[i] = i;
	printf("%d\n", sum(p, 4));
	free(p);
	return 0;
}

/* Uninitialised values used inside leaf functions (a heap int, a local
 * set on one path only), each called from a later line of a function
 * called from main: fully checked and optimised, a leaf is handed its
 * call's site instead of its caller storing it, and inlined (as gcc
 * inlines small ones) the use's report stores that site in the caller's
 * frame first, so the report's stack names the line
 * (TestLeafCallSiteStacks). */
#include <stdio.h>
#include <stdlib.h>

static inline __attribute__((always_inline)) int positive(const int *p)
{
	if (*p > 0) // want UNINITIALIZED-READ
		return 1;
	return 0;
}

static inline __attribute__((always_inline)) int flag(int x)
{
	int s;
	if (x > 0)
		s = 1;
	if (s) // want UNINITIALIZED-READ
		return 1;
	return 0;
}

static int count(const int *a, const int *b, int x)
{
	int n = positive(a) + flag(1);
	n += flag(x);
	return n + positive(b);
}

int main(int argc, char **argv)
{
	int *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	(void)argv;
	if (!a || !b)
		return 1;
	*a = 1;
	printf("%d\n", count(a, b, argc - 1));
	free(a);
	free(b);
	return 0;
}

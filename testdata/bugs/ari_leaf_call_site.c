/* A division by zero inside a leaf function gcc does not inline, called
 * from the second of two lines of a function called from main: the leaf,
 * handed its call's site instead of its caller storing it (optimised),
 * stores it on entry, so the fatal signal's stack names that line
 * (TestLeafCallSiteStacks). */
#include <stdio.h>

__attribute__((noinline)) static int ratio(const int *p, int d)
{
	return p[0] / d; // want ARITHMETIC-ERROR
}

static int both(const int *p, int d)
{
	int r = ratio(p, 1);
	return r + ratio(p, d);
}

int main(int argc, char **argv)
{
	int v[2] = {argc, 2};
	(void)argv;
	printf("%d\n", both(v, argc - 1));
	return 0;
}

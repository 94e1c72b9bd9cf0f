/* An uninitialised local passed through two calls is reported where the
 * innermost callee's branch uses it, not where it is passed (Valgrind's
 * rule: passing a value decides nothing). */
#include <stdio.h>

static int scaled(int v, int factor)
{
	if (v > 10) // want full:UNINITIALIZED-READ
		return v * factor;
	return factor;
}

static int forward(int v)
{
	return scaled(v, 3);
}

int main(void)
{
	int level;
	int r = forward(level);
	level = 1;
	printf("%d\n", r + forward(level));
	return 0;
}

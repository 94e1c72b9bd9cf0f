/* An uninitialised value passed to a direct function (static, a pointer
 * parameter, every call in the unit) or through a table of them is
 * reported where the callee uses it, not where it is passed. */
#include <stdio.h>

static int scale(int *out, int v, int factor)
{
	if (v > 10) // want full:UNINITIALIZED-READ
		*out = v * factor;
	else
		*out = factor;
	return *out;
}

static int add(int *out, int v, int w)
{
	*out = w;
	if (v < 0) // want full:UNINITIALIZED-READ
		*out += 1;
	return *out;
}

static int sub(int *out, int v, int w)
{
	*out = w - v;
	return *out;
}

static int (*const ops[])(int *, int, int) = { add, sub };

int main(int argc, char **argv)
{
	int level, r, k;
	(void)argv;
	scale(&r, level, 3);
	k = argc - 1;
	ops[k](&r, level, 2);
	level = 1;
	printf("%d\n", scale(&r, level, 3) + ops[k](&r, level, 2));
	return 0;
}

/* A function lending five locals: the first four are registered in the
 * records of its frame, the fifth on the stack of locals. A helper writes
 * one element past the fifth. */
#include <stdio.h>

static void fill(long *v, int n)
{
	for (int i = 0; i < n; i++)
		v[i] = i; // want STACK-BUFFER-OVERFLOW
}

static long five(int n)
{
	long a[2], b[2], c[2], d[2], e[2];
	fill(a, 2);
	fill(b, 2);
	fill(c, 2);
	fill(d, 2);
	fill(e, n);
	return a[1] + b[1] + c[1] + d[1] + e[1];
}

int main(int argc, char **argv)
{
	(void)argv;
	printf("%ld\n", five(argc + 2));
	return 0;
}

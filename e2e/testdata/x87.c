/* Long doubles held across the runtime calls memlens makes in asm (a
 * local's registration and its block's end, through fn_keepg): gcc must
 * not keep them in x87 registers there, which the runtime may use. */
#include <stdio.h>

int *kept;

static void keep(int *p, int n)
{
	kept = p; /* the local's address escapes: it is registered */
	for (int i = 0; i < n; i++)
		p[i] = i;
}

__attribute__((noinline)) long double mix(long double x, long double y, int n)
{
	long double a = x * y, b = x + y;
	{
		int buf[4];
		keep(buf, n < 4 ? n : 4);
		a += buf[1];
	}
	return a * b;
}

int main(int argc, char **argv)
{
	(void)argv;
	long double s = 0;
	for (int i = 0; i < 100; i++)
		s += mix(1.5L + i, 2.25L, argc + 3);
	printf("%.6Lf\n", s);
	return 0;
}

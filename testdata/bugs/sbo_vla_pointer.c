/* A variable-length array is walked through a pointer one element past
 * its end. */
#include <stdio.h>

static long sum_to(int n)
{
	long vals[n];
	long *p = vals;
	for (int i = 0; i < n; i++)
		vals[i] = i;
	long s = 0;
	for (int i = 0; i <= n; i++)
		s += p[i]; // want STACK-BUFFER-OVERFLOW
	return s;
}

int main(int argc, char **argv)
{
	(void)argv;
	printf("%ld\n", sum_to(argc + 4));
	return 0;
}

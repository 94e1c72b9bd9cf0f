/* A local declared before another in the same declaration is passed by
 * address to the later one's initializer, which writes past it (the
 * vm's `long a, b = binary(vm, &a);`, one element too far). */
#include <stdio.h>

static long split(long v, long *low)
{
	low[0] = v % 1000;
	low[1] = v / 1000; // want STACK-BUFFER-OVERFLOW
	return v;
}

int main(void)
{
	long low, whole = split(123456, &low), *none = 0;
	printf("%ld %ld %d\n", low, whole, none == 0);
	return 0;
}

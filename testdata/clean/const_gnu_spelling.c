/* gcc's alternate spelling `__const__` of `const` on a function's return
 * type, a global and a parameter, as tinycc's tests write it: the unit
 * must still be instrumented and give gcc's values. */
#include <stdio.h>
#include <stdlib.h>

static __inline__ __const__ unsigned int swab16(unsigned int x)
{
	return (x & 0xff) << 8 | (x >> 8 & 0xff);
}

__const__ int weights[4] = { 3, 1, 4, 1 };

static int dot(__const__ int *a, __const__ int *b, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}

int main(void)
{
	int *v = malloc(4 * sizeof *v);
	if (!v)
		return 1;
	for (int i = 0; i < 4; i++)
		v[i] = i + 1;
	printf("%#x %d\n", swab16(0x1234), dot(weights, v, 4));
	free(v);
	return 0;
}

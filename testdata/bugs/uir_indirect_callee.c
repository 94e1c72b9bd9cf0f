/* A fill routine reached through a function pointer leaves the last slot
 * unwritten; the sum uses it. The callee is instrumented, so the call
 * through the pointer must not take its arguments as written. */
#include <stdio.h>

static void fill_some(int *v, int n)
{
	for (int i = 0; i < n - 1; i++)
		v[i] = i;
}

int main(void)
{
	int v[4];
	void (*fill)(int *, int) = fill_some;
	fill(v, 4);
	int s = 0;
	for (int i = 0; i < 4; i++)
		s += v[i]; // want UNINITIALIZED-READ
	printf("%d\n", s);
	return 0;
}

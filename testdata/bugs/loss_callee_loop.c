/* A helper leaks on every call: one report, the rest counted. */
#include <stdio.h>
#include <stdlib.h>

static int sum(int n)
{
	int *v = malloc(n * sizeof *v); // want alloc:MEMORY-LEAK
	int s = 0;
	for (int i = 0; i < n; i++)
		s += v[i] = i;
	return s; // want full:MEMORY-LEAK
}

int main(void)
{
	int t = 0;
	for (int i = 1; i < 50; i++)
		t += sum(i);
	printf("%d\n", t);
	return 0;
}

/* Functions the program asks gcc not to optimise inside a unit built with
 * -O1: by attribute and by #pragma GCC optimize. Each sums one element
 * past its block. (memlens instruments such a unit as for -O0: the
 * optimised unit's inline checks need gcc to inline them and fold their
 * constants, which it does not do in these functions.) */
#include <stdio.h>
#include <stdlib.h>

__attribute__((optimize("O0"))) static int sum_attribute(const int *a, int n)
{
	int s = 0;
	for (int i = 0; i <= n; i++)
		s += a[i]; // want HEAP-BUFFER-OVERFLOW
	return s;
}

#pragma GCC push_options
#pragma GCC optimize("O0")
static int sum_pragma(const int *a, int n)
{
	int s = 0;
	for (int i = 0; i <= n; i++)
		s += a[i]; // want HEAP-BUFFER-OVERFLOW
	return s;
}
#pragma GCC pop_options

static int sum_optimised(const int *a, int n)
{
	int s = 0;
	for (int i = 0; i <= n; i++)
		s += a[i]; // want HEAP-BUFFER-OVERFLOW
	return s;
}

int main(void)
{
	int *a = malloc(4 * sizeof *a);
	if (!a)
		return 1;
	for (int i = 0; i < 4; i++)
		a[i] = i + 1;
	int s = sum_attribute(a, 4) & 0;
	s += sum_pragma(a, 4) & 0;
	s += sum_optimised(a, 4) & 0;
	printf("%d\n", s);
	free(a);
	return 0;
}

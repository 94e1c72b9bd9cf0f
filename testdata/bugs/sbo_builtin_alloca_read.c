/* A table made with __builtin_alloca is read one entry past its end. */
#include <stdio.h>

static int sum_squares(int n)
{
	int *sq = __builtin_alloca(n * sizeof(int));
	int s = 0;
	for (int i = 0; i < n; i++)
		sq[i] = i * i;
	for (int i = 0; i <= n; i++)
		s += sq[i]; // want STACK-BUFFER-OVERFLOW
	return s;
}

int main(void)
{
	printf("%d\n", sum_squares(6) > 0);
	return 0;
}

/* The caller's buffer is filled by a callee whose loop runs one element
 * too far. */
#include <stdio.h>

static void fill(int *out, int n)
{
	for (int i = 0; i <= n; i++)
		out[i] = i * i; // want STACK-BUFFER-OVERFLOW
}

int main(void)
{
	int squares[8];
	fill(squares, 8);
	printf("%d\n", squares[7]);
	return 0;
}

/* A local array filled one element too far, then read one too far in a
 * callee that gets the array by name through a macro. */
#include <stdio.h>

#define N 8
#define AT(a, i) ((a)[(i)])

int main(void)
{
	int squares[N];
	long sum = 0;
	for (int i = 0; i <= N; i++)
		squares[i] = i * i; // want STACK-BUFFER-OVERFLOW
	for (int i = 0; i < N; i++)
		sum += AT(squares, i);
	sum += AT(squares, N); // want STACK-BUFFER-OVERFLOW
	printf("%ld\n", sum);
	return 0;
}

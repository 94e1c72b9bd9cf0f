/* The imaginary part of the element past the end of an array of complex
 * numbers is written: a part of an element reached through a pointer is
 * checked as the element is. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	(void)argv;
	int n = argc + 2;
	_Complex double *v = calloc(n, sizeof *v);
	for (int i = 0; i <= n; i++)
		__imag__ v[i] = i; // want HEAP-BUFFER-OVERFLOW
	printf("%.1f\n", __imag__ v[1]);
	free(v);
	return 0;
}

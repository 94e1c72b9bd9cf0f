/* Only the real part of a complex number in a heap block is written; its
 * imaginary part is read (a part is checked alone: the written real part
 * leaves the other undefined). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	_Complex double *z = malloc(sizeof *z);
	__real__ *z = 2.0;
	double re = __real__ *z;
	if (__imag__ *z > re) // want UNINITIALIZED-READ
		puts("larger");
	free(z);
	return 0;
}

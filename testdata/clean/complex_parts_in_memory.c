/* Parts of complex numbers in memory written one at a time and through a
 * part's address (`__real__ f[0] = 1.0`, `double *dp = &__real__ dc`:
 * gcc's torture tests 20020411-1 and 20030910-1): with full checking a
 * part is an lvalue of its own, which a store defines and a read checks
 * alone, not a read of the whole number (false UNINITIALIZED-READs). */
#include <stdio.h>
#include <stdlib.h>

static _Complex float conj_of_one(void)
{
	_Complex float f[1];
	__real__ f[0] = 1.0f;
	__imag__ f[0] = 1.0f;
	f[0] = __builtin_conjf(f[0]);
	return f[0];
}

static void set_parts(_Complex double *z, double re, double im)
{
	__real__ *z = re;
	double *ip = &__imag__ *z;
	*ip = im;
}

int main(void)
{
	_Complex double dc;
	double *dp = &(__real__ dc);
	*dp = 3.14;
	printf("%.2f\n", __real__ dc);

	_Complex float c = conj_of_one();
	printf("%.1f %.1f\n", __real__ c, __imag__ c);

	_Complex double *h = malloc(2 * sizeof *h);
	set_parts(&h[0], 1.5, 2.5);
	__real__ h[1] = __imag__ h[0];
	__imag__ h[1] = __real__ h[0] * 2;
	printf("%.1f %.1f %.1f %.1f\n", __real__ h[0], __imag__ h[0], __real__ h[1], __imag__ h[1]);
	free(h);
	return 0;
}

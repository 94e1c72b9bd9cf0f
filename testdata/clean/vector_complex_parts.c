/* Parts of a GNU vector or a complex number written one at a time
 * (`v[3] = 1`, `__real z = x`: gcc's torture tests pr85169 and
 * 20050121-1): with full checking such a local must stay an lvalue, not a
 * checked read of its whole value (which did not compile). */
#include <stdio.h>

typedef int v4si __attribute__((vector_size(16)));

static void set_last(v4si *p, int x)
{
	v4si v = *p;
	v[3] = x;
	*p = v;
}

static _Complex double make(double re, double im)
{
	_Complex double z;
	__real__ z = re;
	__imag__ z = im;
	return z;
}

int main(void)
{
	v4si a = {1, 2, 3, 4};
	set_last(&a, 40);
	_Complex double z = make(1.5, -2.0);
	printf("%d %d %.1f %.1f\n", a[0], a[3], __real__ z, __imag__ z);
	return 0;
}

/* gcc 9's __builtin_convertvector(vector, type): element by element
 * conversions between vector types of as many elements, in initializers,
 * returns, assignments through pointers, nested and of expressions; the
 * rest of the unit is instrumented. */
#include <stdio.h>
#include <stdlib.h>

typedef int v4si __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
typedef double v4df __attribute__((vector_size(32)));
typedef short v4hi __attribute__((vector_size(8)));

static v4sf halves(v4si v)
{
	return __builtin_convertvector(v, v4sf) / 2;
}

int main(int argc, char **argv)
{
	(void)argv;
	v4si a = {1, 2, 3, argc};
	v4sf f = halves(a);
	v4df d = __builtin_convertvector(f, v4df);
	v4hi *h = malloc(2 * sizeof *h);
	h[argc] = __builtin_convertvector(a * 3, v4hi);
	v4si b = __builtin_convertvector(__builtin_convertvector(a, v4df) * 1.5, v4si);
	v4si *p = malloc(sizeof *p);
	*p = b;
	v4df e = __builtin_convertvector(*p, v4df) + d;
	printf("%g %g %g %g\n", f[0], f[1], d[2], d[3]);
	printf("%d %d %d %d %g\n", h[1][0], h[1][3], b[1], b[3], e[2]);
	free(p);
	free(h);
	return 0;
}

/* A variadic GNU nested function (gcc's torture test nest-stdar-1): left
 * uninstrumented, it is printed as written, va_arg included (the front end
 * sees gcc's __builtin_va_arg as a call of memlens's own, which must not
 * reach the linker). */
#include <stdarg.h>
#include <stdio.h>

int main(void)
{
	double scale = 2.0;
	double sum(int n, ...)
	{
		va_list ap;
		double s = 0;
		va_start(ap, n);
		while (n-- > 0)
			s += va_arg(ap, double) * scale;
		va_end(ap);
		return s;
	}
	printf("%.1f\n", sum(3, 1.0, 2.5, 4.0));
	return 0;
}

/* A C99 inline definition that must always be inlined (gcc's torture test
 * stdarg-4: `inline void __attribute__((always_inline)) f1i(va_list ap)`):
 * it has no external definition, and gcc refuses to inline a weak body, so
 * memlens cannot make it the weak external definition other inline
 * definitions become. */
#include <stdarg.h>
#include <stdio.h>

inline double __attribute__((always_inline)) next_pair(va_list ap);

long count;

inline double __attribute__((always_inline)) next_pair(va_list ap)
{
	double d = va_arg(ap, double);
	long n = va_arg(ap, long);
	count += n;
	return d * (double)n;
}

static double sum_pairs(int pairs, ...)
{
	va_list ap;
	double s = 0;
	va_start(ap, pairs);
	while (pairs-- > 0)
		s += next_pair(ap);
	va_end(ap);
	return s;
}

int main(void)
{
	printf("%.1f %ld\n", sum_pairs(3, 1.5, 2L, 2.0, 3L, 0.5, 4L), count);
	return 0;
}

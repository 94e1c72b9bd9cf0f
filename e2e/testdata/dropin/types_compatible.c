/* __builtin_types_compatible_p where gcc needs a constant: the condition of
 * __builtin_choose_expr, a bit-field's width in the ARRAY_SIZE guard many
 * projects use, a static local's initializer and a case label. */
#include <stdio.h>

#define SAME_TYPE(a, b) __builtin_types_compatible_p(__typeof__(a), __typeof__(b))
#define MUST_BE_ZERO(e) (sizeof(struct { int : -!!(e); }))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]) + MUST_BE_ZERO(SAME_TYPE(a, &(a)[0])))
#define ABS(x) __builtin_choose_expr(SAME_TYPE(x, double), (x) < 0 ? -(x) : (x), (x) < 0 ? -(long)(x) : (long)(x))

static long total(const int *v, unsigned long n)
{
	long s = 0;
	for (unsigned long i = 0; i < n; i++)
		s += v[i];
	return s;
}

int main(int argc, char **argv)
{
	(void)argv;
	int values[] = {3, -4, 5, argc};
	double d = -2.5;
	static const int same = SAME_TYPE(values[0], int);
	switch (argc) {
	case SAME_TYPE(d, double):
		puts("one argument");
		break;
	default:
		puts("more");
	}
	printf("%zu %ld %g %ld %d\n", ARRAY_SIZE(values), total(values, ARRAY_SIZE(values)), ABS(d), ABS(values[1]), same);
	return 0;
}

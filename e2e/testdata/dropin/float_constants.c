/* Floating constants the front end rejects: past double's range (1e5000,
 * which gcc warns of and reads as +inf of type double) and GNU's Q and W
 * suffixes (_Float128 and long double), in every place a constant may
 * stand. */
#include <stdio.h>
#include <stdlib.h>

static double limits[] = {1e5000, -0x1p99999, 1e308, 1e-5000};
static const int positive = 1e5000 > 0;
static __float128 quad = 1.5Q;
static long double wide[] = {2.5W, 0x1p-3w};

int main(void)
{
	double *copy = malloc(sizeof limits);
	for (size_t i = 0; i < sizeof limits / sizeof *limits; i++)
		copy[i] = limits[i];
	printf("%zu %d %d\n", sizeof 1e5000, _Generic(1e5000, double: 1, default: 0), positive);
	for (size_t i = 0; i < sizeof limits / sizeof *limits; i++)
		printf("%g ", copy[i]);
	printf("%g %g\n", 1e5000 - 1e5000 == 0 ? 0.0 : 1.0, 1 / 1e5000);
	printf("%d %d %zu %d %.3Lf %.3Lf\n", (int)(quad * 2), _Generic(1.5Q, _Float128: 1, default: 0), sizeof 1.5Q,
	       _Generic(2.5W, long double: 1, default: 0), wide[0], wide[1]);
	free(copy);
	return 0;
}

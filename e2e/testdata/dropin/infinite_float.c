/* A floating constant past double's range (1e5000), which the front end
 * rejects: gcc warns and reads it as +inf of type double, in every place
 * a constant may stand. */
#include <stdio.h>
#include <stdlib.h>

static double limits[] = {1e5000, -0x1p99999, 1e308, 1e-5000};
static const int positive = 1e5000 > 0;

int main(void)
{
	double *copy = malloc(sizeof limits);
	for (size_t i = 0; i < sizeof limits / sizeof *limits; i++)
		copy[i] = limits[i];
	printf("%zu %d %d\n", sizeof 1e5000, _Generic(1e5000, double: 1, default: 0), positive);
	for (size_t i = 0; i < sizeof limits / sizeof *limits; i++)
		printf("%g ", copy[i]);
	printf("%g %g\n", 1e5000 - 1e5000 == 0 ? 0.0 : 1.0, 1 / 1e5000);
	free(copy);
	return 0;
}

#include <stdlib.h>

#include "geom.h"

struct polygon *polygon_new(size_t n)
{
	struct polygon *p = malloc(sizeof *p);
	if (p == NULL)
		abort();
	p->n = n;
	p->pts = calloc(n, sizeof *p->pts);
	if (p->pts == NULL)
		abort();
	return p;
}

void polygon_free(struct polygon *p)
{
	free(p->pts);
	free(p);
}

static double root(double v) /* Newton's method: no libm needed */
{
	if (v <= 0)
		return 0;
	double x = v > 1 ? v : 1;
	for (int i = 0; i < 60; i++)
		x = (x + v / x) / 2;
	return x;
}

double polygon_area(const struct polygon *p)
{
	double twice = 0;
	for (size_t i = 0; i < p->n; i++)
		twice += vec2_cross(*polygon_at(p, i), *polygon_at(p, i + 1));
	return (twice < 0 ? -twice : twice) / 2;
}

double polygon_perimeter(const struct polygon *p)
{
	double len = 0;
	for (size_t i = 0; i < p->n; i++) {
		struct vec2 d = vec2_sub(*polygon_at(p, i + 1), *polygon_at(p, i));
		len += root(d.x * d.x + d.y * d.y);
	}
	return len;
}

/* Small geometry helpers as static inline functions, shared by two
 * translation units. */
#ifndef GEOM_H
#define GEOM_H

#include <stddef.h>

struct vec2 {
	double x, y;
};

struct polygon {
	size_t n;
	struct vec2 *pts;
};

static inline struct vec2 vec2_sub(struct vec2 a, struct vec2 b)
{
	return (struct vec2){a.x - b.x, a.y - b.y};
}

static inline double vec2_cross(struct vec2 a, struct vec2 b)
{
	return a.x * b.y - a.y * b.x;
}

static inline const struct vec2 *polygon_at(const struct polygon *p, size_t i)
{
	return &p->pts[i % p->n]; /* wraps around */
}

static inline void polygon_set(struct polygon *p, size_t i, double x, double y)
{
	p->pts[i].x = x;
	p->pts[i].y = y;
}

struct polygon *polygon_new(size_t n);
void polygon_free(struct polygon *p);
double polygon_area(const struct polygon *p);
double polygon_perimeter(const struct polygon *p);

#endif

/* A program of two .c files sharing static inline functions from geom.h. */
#include <stdio.h>

#include "geom.h"

int main(void)
{
	static const double square[][2] = {{0, 0}, {4, 0}, {4, 4}, {0, 4}};
	static const double tri[][2] = {{0, 0}, {3, 0}, {0, 4}};
	struct polygon *p = polygon_new(4);
	for (size_t i = 0; i < 4; i++)
		polygon_set(p, i, square[i][0], square[i][1]);
	printf("square: area %.2f, perimeter %.2f\n", polygon_area(p), polygon_perimeter(p));
	polygon_free(p);

	p = polygon_new(3);
	for (size_t i = 0; i < 3; i++)
		polygon_set(p, i, tri[i][0], tri[i][1]);
	const struct vec2 *wrapped = polygon_at(p, 4);
	printf("triangle: area %.2f, perimeter %.2f, point 4 wraps to (%.0f,%.0f)\n",
	       polygon_area(p), polygon_perimeter(p), wrapped->x, wrapped->y);
	struct vec2 e = vec2_sub(*polygon_at(p, 1), *polygon_at(p, 0));
	printf("edge 0: (%.0f,%.0f), cross with (0,1): %.0f\n", e.x, e.y, vec2_cross(e, (struct vec2){0, 1}));
	polygon_free(p);
	return 0;
}

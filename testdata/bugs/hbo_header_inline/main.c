/* The overflow happens in a static inline function of vec.h, inlined into
 * main.c: last() asks for element len instead of len - 1. The report points
 * at the header line. */
#include <stdio.h>

#include "vec.h"

static double last(const struct vec *v)
{
	return vec_get(v, v->len);
}

int main(void)
{
	struct vec *v = vec_new(5);
	for (size_t i = 0; i < v->len; i++)
		vec_set(v, i, (double)(i + 1) * 1.5);
	printf("mean %.2f\n", vec_mean(v));
	printf("last %.2f\n", last(v));
	vec_free(v);
	return 0;
}

#include <stdlib.h>

#include "vec.h"

struct vec *vec_new(size_t len)
{
	struct vec *v = malloc(sizeof *v);
	if (v == NULL)
		exit(1);
	v->len = len;
	v->data = calloc(len, sizeof *v->data);
	if (v->data == NULL)
		exit(1);
	return v;
}

void vec_free(struct vec *v)
{
	free(v->data);
	free(v);
}

double vec_mean(const struct vec *v)
{
	double s = 0;
	for (size_t i = 0; i < v->len; i++)
		s += vec_get(v, i);
	return s / (double)v->len;
}

/* A tiny vector of doubles with static inline accessors. */
#ifndef VEC_H
#define VEC_H

#include <stddef.h>

struct vec {
	size_t len;
	double *data;
};

struct vec *vec_new(size_t len);
void vec_free(struct vec *v);
double vec_mean(const struct vec *v);

static inline double vec_get(const struct vec *v, size_t i)
{
	return v->data[i]; // want HEAP-BUFFER-OVERFLOW
}

static inline void vec_set(struct vec *v, size_t i, double x)
{
	v->data[i] = x;
}

#endif

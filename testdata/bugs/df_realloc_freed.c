/* A buffer freed on a reset path is later grown with realloc: realloc of a
 * freed pointer is a double free. */
#include <stdio.h>
#include <stdlib.h>

struct log {
	int *vals;
	size_t len, cap;
};

static void log_reset(struct log *l)
{
	free(l->vals); /* forgets to set vals to NULL */
	l->len = 0;
}

static void log_add(struct log *l, int v)
{
	if (l->len == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 4;
		int *p = realloc(l->vals, cap * sizeof *p); // want DOUBLE-FREE
		if (p == NULL)
			exit(1);
		l->vals = p;
		l->cap = cap;
	}
	l->vals[l->len++] = v;
}

int main(void)
{
	struct log l = {NULL, 0, 0};
	for (int i = 0; i < 4; i++)
		log_add(&l, i);
	printf("%zu values, cap %zu\n", l.len, l.cap);
	log_reset(&l);
	l.cap = 0; /* "start afresh": the next add reallocates */
	log_add(&l, 7);
	printf("%zu values\n", l.len);
	free(l.vals);
	return 0;
}

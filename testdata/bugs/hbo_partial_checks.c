/* A check that passed proves part of the next one through the same
 * pointer: the block is alive, and it reaches at least as far as the
 * bytes already checked. What it does not prove is still checked, so the
 * access that goes past the end is reported: a field after the ones read
 * of a block allocated too short (in a later statement, a later
 * declarator, the right of && or of ==, the target of an assignment whose
 * value read the block first), the next element after a good one, a loop
 * that goes one element too far, a pointer moved before the block. */
#include <stdio.h>
#include <stdlib.h>

struct rec {
	long id;
	long size;
	long extra; /* not allocated below */
};

static long total;

static struct rec *short_rec(void)
{
	struct rec *r = malloc(2 * sizeof(long)); /* too short for extra */
	r->id = 1;
	r->size = 2;
	return r;
}

int main(int argc, char **argv)
{
	struct rec *r = short_rec(), *s = short_rec(), *t = short_rec(), *p = short_rec(), *q = short_rec();
	long *v = malloc(4 * sizeof *v), *u = malloc(4 * sizeof *u), *x = malloc(4 * sizeof *x);
	int i, n = 4;
	(void)argv;
	for (i = 0; i < n; i++)
		v[i] = u[i] = x[i] = i;

	total += r->id;
	total += r->size;
	total += r->extra; // want HEAP-BUFFER-OVERFLOW

	long a = s->id, c = s->extra; // want HEAP-BUFFER-OVERFLOW
	total += a + c;

	if (t->size > 0 && t->extra > 0) // want HEAP-BUFFER-OVERFLOW
		total++;

	if (p->size == p->extra) // want HEAP-BUFFER-OVERFLOW
		total++;

	q->extra = q->id + 1; // want HEAP-BUFFER-OVERFLOW

	int k = argc + 1;
	total += v[k];
	total += v[k + 2]; // want HEAP-BUFFER-OVERFLOW

	total += u[0];
	for (i = 0; i <= n; i++)
		total += u[i]; // want HEAP-BUFFER-OVERFLOW

	long *w = x + 1;
	total += w[0];
	total += w[-1];
	total += w[-2]; // want HEAP-BUFFER-OVERFLOW

	printf("%ld\n", total);
	free(x);
	free(u);
	free(v);
	free(q);
	free(p);
	free(t);
	free(s);
	free(r);
	return 0;
}

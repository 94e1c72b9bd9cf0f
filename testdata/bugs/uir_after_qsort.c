/* Records with a field left unset in some, sorted by libc's qsort: the
 * field's definedness travels with its record, so the set ones read
 * clean after the sort and the one unset is reported where it is used. */
#include <stdio.h>
#include <stdlib.h>

struct rec {
	int key;
	int val; /* set for even keys only */
};

static int by_key(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	return (x->key > y->key) - (x->key < y->key);
}

int main(void)
{
	enum { N = 8 };
	struct rec *r = malloc(N * sizeof *r);
	if (!r)
		return 1;
	for (int i = 0; i < N; i++) {
		r[i].key = N - 1 - i; /* odd keys, unset, at even places */
		if (r[i].key % 2 == 0)
			r[i].val = 10 * r[i].key;
	}
	qsort(r, N, sizeof *r, by_key);
	int sum = 0;
	for (int i = 0; i < N; i += 2)
		sum += r[i].val; /* even keys at even places now: all set */
	if (sum > 100)
		printf("sum %d\n", sum);
	if (r[1].val > 0) // want full:UNINITIALIZED-READ
		printf("odd\n");
	free(r);
	return 0;
}

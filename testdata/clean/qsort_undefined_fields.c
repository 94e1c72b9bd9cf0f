/* Records whose optional field is left unset (undefined) in some, sorted by
 * libc's qsort with a comparator that reads the field only where it is set:
 * mid-sort libc moves records over places that held unset ones, and each
 * record's definedness must follow it there, or the comparator's read of a
 * set field is taken for an uninitialised one. Short records (glibc moves
 * them during the sort) and long ones (glibc sorts their addresses, moves
 * them at the end). */
#include <stdio.h>
#include <stdlib.h>

struct short_rec {
	int key;
	int has_rank;
	int rank; /* set only when has_rank */
};

struct long_rec {
	long key;
	long has_rank;
	long rank; /* set only when has_rank */
	char pad[24];
};

static int short_cmp(const void *a, const void *b)
{
	const struct short_rec *x = a, *y = b;
	if (x->has_rank && y->has_rank && x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return (x->key > y->key) - (x->key < y->key);
}

static int long_cmp(const void *a, const void *b)
{
	const struct long_rec *x = a, *y = b;
	if (x->has_rank && y->has_rank && x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return (x->key > y->key) - (x->key < y->key);
}

int main(void)
{
	enum { N = 5000 };
	struct short_rec *s = malloc(N * sizeof *s);
	struct long_rec *l = malloc(N * sizeof *l);
	if (!s || !l)
		return 1;
	for (int i = 0; i < N; i++) {
		unsigned h = (unsigned)i * 2654435761u;
		s[i].key = (int)(h % 100003u);
		s[i].has_rank = i % 3 != 0;
		if (s[i].has_rank)
			s[i].rank = (int)(h >> 20) % 7;
		l[i].key = s[i].key;
		l[i].has_rank = i % 3 == 1;
		if (l[i].has_rank)
			l[i].rank = (long)(h >> 16) % 5;
		l[i].pad[0] = (char)i;
	}
	qsort(s, N, sizeof *s, short_cmp);
	qsort(l, N, sizeof *l, long_cmp);
	long sum = 0;
	for (int i = 0; i < N; i++) {
		sum = sum * 31 + s[i].key + (s[i].has_rank ? s[i].rank : 0);
		sum = sum * 31 + l[i].key + (l[i].has_rank ? l[i].rank : 0) + l[i].pad[0];
	}
	printf("%d %ld %ld\n", s[0].key, l[N - 1].key, sum);
	free(s);
	free(l);
	return 0;
}

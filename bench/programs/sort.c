/* sort.c: sorting records two ways.
 * qsort over an array of structs with a multi-key comparator, and a
 * hand-written top-down merge sort over an array of pointers to
 * separately malloc'd records; verifies both orders and prints a checksum.
 * memlens:bench
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RNG_SEED 0xD1B54A32D192ED03ULL
#include "rng.h"

struct record {
	int group;
	double score;
	long id;
	char name[12];
};

static int cmp_record(const void *a, const void *b)
{
	const struct record *x = a, *y = b;
	int c;
	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	if (x->score != y->score)
		return x->score < y->score ? 1 : -1; /* descending */
	c = strcmp(x->name, y->name);
	if (c)
		return c;
	return (x->id > y->id) - (x->id < y->id);
}

static void fill(struct record *r, long id)
{
	unsigned long long v = xorshift64();
	int i;
	r->id = id;
	r->group = (int)(v % 64);
	r->score = (double)((v >> 8) % 10000) / 7.0;
	for (i = 0; i < 5; i++)
		r->name[i] = (char)('a' + (v >> (20 + 5 * i)) % 4);
	r->name[5] = '\0';
}

/* Sort a[0..n) with tmp[0..n) as scratch. */
static void merge_sort(struct record **a, struct record **tmp, size_t n)
{
	size_t mid, i, j, k;
	if (n < 2)
		return;
	if (n <= 8) {
		/* insertion sort for short runs */
		for (i = 1; i < n; i++) {
			struct record *v = a[i];
			for (j = i; j > 0 && cmp_record(a[j - 1], v) > 0; j--)
				a[j] = a[j - 1];
			a[j] = v;
		}
		return;
	}
	mid = n / 2;
	merge_sort(a, tmp, mid);
	merge_sort(a + mid, tmp + mid, n - mid);
	if (cmp_record(a[mid - 1], a[mid]) <= 0)
		return;
	memcpy(tmp, a, n * sizeof *a);
	i = 0;
	j = mid;
	k = 0;
	while (i < mid && j < n)
		a[k++] = cmp_record(tmp[j], tmp[i]) < 0 ? tmp[j++] : tmp[i++];
	while (i < mid)
		a[k++] = tmp[i++];
	while (j < n)
		a[k++] = tmp[j++];
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 250000;
	int rounds = 3, r;
	unsigned long long sum = 0;
	long i;

	for (r = 0; r < rounds; r++) {
		struct record *arr = malloc((size_t)n * sizeof *arr);
		struct record **ptrs = malloc((size_t)n * sizeof *ptrs);
		struct record **tmp = malloc((size_t)n * sizeof *tmp);
		if (!arr || !ptrs || !tmp) {
			perror("malloc");
			return 1;
		}
		for (i = 0; i < n; i++) {
			fill(&arr[i], i);
			ptrs[i] = malloc(sizeof **ptrs);
			if (!ptrs[i]) {
				perror("malloc");
				return 1;
			}
			fill(ptrs[i], i);
		}
		qsort(arr, (size_t)n, sizeof *arr, cmp_record);
		merge_sort(ptrs, tmp, (size_t)n);
		for (i = 1; i < n; i++) {
			if (cmp_record(&arr[i - 1], &arr[i]) > 0 || cmp_record(ptrs[i - 1], ptrs[i]) > 0) {
				printf("sort: order violated at %ld\n", i);
				return 1;
			}
		}
		for (i = 0; i < n; i++) {
			sum = sum * 1000003ULL + (unsigned long long)arr[i].id;
			sum ^= (unsigned long long)ptrs[i]->id << (i & 31);
			free(ptrs[i]);
		}
		free(tmp);
		free(ptrs);
		free(arr);
	}
	printf("sort: n=%ld rounds=%d checksum=%016llx\n", n, rounds, sum);
	return 0;
}

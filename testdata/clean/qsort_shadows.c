/* Arrays holding pointers sorted by libc's qsort, which moves the
 * elements with copies memlens does not see: every pointer must still be
 * checked against its own block afterwards (and inside the comparator,
 * mid-sort), with no report naming another block. Thousands of pointers
 * so that a shadow left behind at its old place would be taken for the
 * new value's one time in 65536 a load: many times a run. */
#include <stdio.h>
#include <stdlib.h>

struct item {
	int key;
	char name[12];
};

/* an element with a pointer beside plain data: 24 bytes */
struct pair {
	long weight;
	struct item *item;
	int tag;
};

static int by_key(const void *a, const void *b)
{
	const struct item *x = *(struct item *const *)a, *y = *(struct item *const *)b;
	return (x->key > y->key) - (x->key < y->key);
}

/* interior pointers: to the name inside each item */
static int by_name_tail(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	return (x[3] > y[3]) - (x[3] < y[3]);
}

static int by_weight(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;
	if (x->item->key != y->item->key)
		return x->item->key < y->item->key ? -1 : 1;
	return (x->weight > y->weight) - (x->weight < y->weight);
}

int main(void)
{
	enum { N = 20000 };
	struct item **v = malloc(N * sizeof *v);
	const char **names = malloc(N * sizeof *names);
	struct pair *pairs = malloc(N * sizeof *pairs);
	if (!v || !names || !pairs)
		return 1;
	for (int i = 0; i < N; i++) {
		v[i] = malloc(sizeof *v[i]);
		if (!v[i])
			return 1;
		v[i]->key = (int)((i * 2654435761u) % 1000003u);
		snprintf(v[i]->name, sizeof v[i]->name, "%07d", v[i]->key);
		names[i] = v[i]->name;
		pairs[i] = (struct pair){(long)(i * 7919 % 10007), v[i], i & 3};
	}
	qsort(v, N, sizeof *v, by_key);
	qsort(names, N, sizeof *names, by_name_tail);
	qsort(pairs, N, sizeof *pairs, by_weight);
	long sum = 0;
	for (int i = 0; i < N; i++)
		sum += v[i]->key + names[i][3] + pairs[i].item->name[6] + pairs[i].tag;
	/* many short sorts */
	for (int r = 0; r < 2000; r++) {
		struct item *few[5];
		for (int k = 0; k < 5; k++)
			few[k] = v[(r * 31 + k * 977) % N];
		qsort(few, 5, sizeof *few, by_key);
		sum += few[0]->key - few[4]->name[0];
	}
	printf("%d %d %ld\n", v[0]->key, v[N - 1]->key, sum);
	for (int i = 0; i < N; i++)
		free(v[i]);
	free(v);
	free(names);
	free(pairs);
	return 0;
}

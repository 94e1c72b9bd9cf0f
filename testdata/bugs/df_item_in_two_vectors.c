/* A work item is registered in two vectors, "all" and "pending", and
 * each vector frees its items when it is destroyed: the item is freed
 * twice. The chain of the pointer that freed it first leads through the
 * pending vector to the statement that added it there. */
#include <stdio.h>
#include <stdlib.h>

struct item {
	int id;
	char name[16];
};

struct vec {
	struct item **items;
	int n, cap;
};

static void vec_add(struct vec *v, struct item *it)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 4;
		struct item **bigger = realloc(v->items, v->cap * sizeof *bigger);
		if (bigger == NULL)
			exit(1);
		v->items = bigger;
	}
	v->items[v->n++] = it; // want chain:DOUBLE-FREE freechain:DOUBLE-FREE
}

static void vec_destroy(struct vec *v)
{
	for (int i = 0; i < v->n; i++)
		free(v->items[i]); // want DOUBLE-FREE
	free(v->items);
	v->items = NULL;
	v->n = v->cap = 0;
}

static struct item *item_new(int id)
{
	struct item *it = calloc(1, sizeof *it); // want origin:DOUBLE-FREE
	if (it == NULL)
		exit(1);
	it->id = id;
	snprintf(it->name, sizeof it->name, "job-%d", id);
	return it;
}

int main(void)
{
	struct vec all = {NULL, 0, 0}, pending = {NULL, 0, 0};
	for (int i = 0; i < 3; i++) {
		struct item *it = item_new(i); // want chain:DOUBLE-FREE freechain:DOUBLE-FREE
		vec_add(&all, it); // want chain:DOUBLE-FREE
		if (i == 1)
			vec_add(&pending, it); /* should be a reference, not an owner */ // want freechain:DOUBLE-FREE
	}
	printf("%d items, %d pending\n", all.n, pending.n);
	vec_destroy(&pending);
	vec_destroy(&all);
	return 0;
}

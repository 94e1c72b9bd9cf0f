/* A shared library's functions with pointer parameters, entered from code
 * that is not instrumented (libc's qsort), and a checked write: its
 * register-keeping runtime calls are made in asm statements. */
#include <stdlib.h>

struct item {
	int key;
	const struct item *self;
};

static int by_key(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	return (x->key > y->key) - (x->key < y->key);
}

int sort_items(struct item *items, int n)
{
	qsort(items, n, sizeof *items, by_key);
	for (int i = 0; i < n; i++)
		items[i].self = &items[i];
	return items[0].key;
}

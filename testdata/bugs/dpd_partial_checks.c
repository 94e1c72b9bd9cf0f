/* A check that passed says the block was alive; it stays so until memory
 * may be freed. A call to a function that frees nothing keeps that
 * knowledge; anything that may free brings the whole check back: free
 * through an alias, a callee that frees two calls down, a call through a
 * function pointer, a loop whose body frees. */
#include <stdio.h>
#include <stdlib.h>

struct cell {
	long key;
	long value;
};

static long total;

static long twice(long v)
{
	return 2 * v;
}

static void release(struct cell *c)
{
	free(c);
}

static void drop(struct cell *c)
{
	release(c);
}

static void (*dropper)(struct cell *) = release;

static struct cell *make(long k)
{
	struct cell *c = malloc(sizeof *c);
	c->key = k;
	c->value = k * 10;
	return c;
}

int main(int argc, char **argv)
{
	struct cell *a = make(1), *alias = a;
	(void)argv;
	total += a->key;
	total += twice(a->value);
	free(alias);
	total += a->value; // want DANGLING-POINTER-DEREF

	struct cell *b = make(2);
	total += b->key;
	drop(b);
	total += b->value; // want DANGLING-POINTER-DEREF

	struct cell *c = make(3);
	total += c->key;
	dropper(c);
	total += c->value; // want DANGLING-POINTER-DEREF

	struct cell *d = make(4);
	total += d->key;
	for (int i = 0; i < argc + 1; i++) {
		total += d->value; // want DANGLING-POINTER-DEREF
		if (i == 0)
			release(d);
	}

	printf("%ld\n", total);
	return 0;
}

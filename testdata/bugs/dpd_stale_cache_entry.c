/* A lookup cache keeps pointers to the objects it has seen. Releasing an
 * object frees it, but nobody evicts it from the cache: the next lookup
 * of its key returns the dangling pointer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct object {
	int key;
	char label[12];
};

#define CACHE_SLOTS 8
static struct object *cache[CACHE_SLOTS];

static struct object *object_new(int key)
{
	struct object *o = malloc(sizeof *o); // want origin:DANGLING-POINTER-DEREF
	if (o == NULL)
		exit(1);
	o->key = key;
	snprintf(o->label, sizeof o->label, "obj-%d", key);
	return o; // want chain:DANGLING-POINTER-DEREF
}

static void cache_put(struct object *o)
{
	cache[o->key % CACHE_SLOTS] = o; // want chain:DANGLING-POINTER-DEREF
}

static struct object *cache_get(int key)
{
	struct object *o = cache[key % CACHE_SLOTS]; // want chain:DANGLING-POINTER-DEREF
	return o != NULL && o->key == key ? o : NULL; // want DANGLING-POINTER-DEREF
}

static void object_release(struct object *o)
{
	free(o);
}

int main(void)
{
	struct object *first = object_new(3); // want chain:DANGLING-POINTER-DEREF freechain:DANGLING-POINTER-DEREF
	cache_put(first); // want chain:DANGLING-POINTER-DEREF
	printf("%s\n", first->label);
	object_release(first); // want freechain:DANGLING-POINTER-DEREF
	struct object *again = cache_get(3);
	if (again != NULL)
		printf("%s\n", again->label);
	return 0;
}

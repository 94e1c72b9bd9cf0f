/* A tagged value (QuickJS's JSValue) passed by value as a compound
 * literal, JS_MKPTR-style, to a function that frees the object, then
 * reads it through the value: the literal's pointer brings its block's
 * meta into the parameter. */
#include <stdio.h>
#include <stdlib.h>

union payload {
	void *ptr;
	long num;
};

struct value {
	union payload u;
	long tag;
};

struct object {
	int refs;
	int id;
};

#define MAKE_OBJECT(p) ((struct value){ (union payload){ .ptr = (p) }, 1 })

static int release_then_peek(struct value v, struct object *owner)
{
	free(owner);
	struct object *o = v.u.ptr;
	return o->id; // want DANGLING-POINTER-DEREF
}

int main(void)
{
	struct object *o = malloc(sizeof *o);
	if (o == NULL)
		return 1;
	o->refs = 1;
	o->id = 7;
	printf("%d\n", release_then_peek(MAKE_OBJECT(o), o));
	return 0;
}

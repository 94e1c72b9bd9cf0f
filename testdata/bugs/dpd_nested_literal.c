/* A tagged value (QuickJS's JSValue) made by a compound literal nested in
 * a brace initializer, past the first member: the pointer's meta is
 * stored at the value's own place in the slot, so the slot still names
 * the block once it is freed. */
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

struct slot {
	long key;
	struct value v;
};

struct object {
	int refs;
	int id;
};

#define MAKE_OBJECT(p) ((struct value){ (union payload){ .ptr = (p) }, 1 })

int main(void)
{
	struct object *o = malloc(sizeof *o);
	if (o == NULL)
		return 1;
	o->refs = 1;
	o->id = 7;
	struct slot s = { 42, MAKE_OBJECT(o) };
	struct object *held = s.v.u.ptr;
	printf("%ld: %d\n", s.key, held->id);
	free(o);
	struct object *stale = s.v.u.ptr;
	printf("%d\n", stale->id); // want DANGLING-POINTER-DEREF
	return 0;
}

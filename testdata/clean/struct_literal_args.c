/* A struct holding a pointer, passed by value as a compound literal
 * (QuickJS's JS_DupValue(ctx, JS_MKPTR(tag, p))), after a block freed at
 * the same address was passed to the same function from a variable: the
 * parameter's stack bytes still carry the shadow of the freed block's
 * pointer, which the new pointer, same value, must not take. Also a
 * literal nested in a literal, and one assigned to a local. */
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

static __attribute__((noinline)) int refs_of(struct value v)
{
	struct object *o = v.u.ptr;
	return o->refs++ * 10 + o->id;
}

static __attribute__((noinline)) struct value pair_first(struct value a, struct value b)
{
	return b.tag ? a : b;
}

int main(void)
{
	long sum = 0;
	for (int i = 0; i < 4; i++) {
		struct object *o = malloc(sizeof *o);
		o->refs = 1;
		o->id = i;
		struct value held = { { .ptr = o }, 1 };
		sum += refs_of(held);
		free(o);
		struct object *again = malloc(sizeof *again);
		again->refs = 2;
		again->id = i;
		sum += refs_of(MAKE_OBJECT(again));
		sum += refs_of((struct value){ .u.ptr = again, .tag = 1 });
		sum += refs_of(pair_first(MAKE_OBJECT(again), MAKE_OBJECT(again)));
		struct value local;
		local = MAKE_OBJECT(again);
		sum += refs_of(local);
		free(again);
	}
	printf("%ld\n", sum);
	return 0;
}

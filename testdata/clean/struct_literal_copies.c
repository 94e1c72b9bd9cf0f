/* Structs holding a pointer that take their bytes from no object (a
 * compound literal assigned, a conditional of an object and a literal
 * initialising a local), in a frame whose stack bytes held, in an earlier
 * call, a copy of a pointer of the same value to a block since freed: the
 * shadow left there must not vouch for the new pointer. (A literal
 * returned is made in an object of the callee's: from_call.) */
#include <stdio.h>
#include <stdlib.h>
union payload { void *ptr; long num; };
struct value { union payload u; long tag; };
struct object { int refs; int id; };
#define MAKE_OBJECT(p) ((struct value){ (union payload){ .ptr = (p) }, 1 })

static __attribute__((noinline)) int assigned(const struct value *src, struct object *o)
{
	struct value l;
	if (src)
		l = *src;
	else
		l = MAKE_OBJECT(o);
	struct object *p = l.u.ptr;
	return p->refs;
}

static __attribute__((noinline)) int initialised(const struct value *src, struct object *o)
{
	struct value l = src ? *src : MAKE_OBJECT(o);
	struct object *p = l.u.ptr;
	return p->refs;
}

static __attribute__((noinline)) struct value made(struct object *o)
{
	return MAKE_OBJECT(o);
}

static __attribute__((noinline)) int from_call(const struct value *src, struct object *o)
{
	struct value l;
	if (src)
		l = *src;
	else
		l = made(o);
	struct object *p = l.u.ptr;
	return p->refs;
}

int main(void)
{
	long sum = 0;
	int (*fns[])(const struct value *, struct object *) = { assigned, initialised, from_call };
	for (int f = 0; f < 3; f++) {
		struct object *o = malloc(sizeof *o);
		o->refs = 1;
		struct value held = { { .ptr = o }, 1 };
		sum += fns[f](&held, o);
		free(o);
		o = malloc(sizeof *o);
		o->refs = 2;
		sum += fns[f](NULL, o);
		free(o);
	}
	printf("%ld\n", sum);
	return 0;
}

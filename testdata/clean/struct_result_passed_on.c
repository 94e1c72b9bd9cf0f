/* A tagged value returned by a call and passed straight on to another
 * function (QuickJS's JS_DefinePropertyValueStr(ctx, obj, name,
 * JS_DupValue(ctx, v), flags)), after a call left a never-written buffer
 * where the caller keeps the call's result: the argument's bytes were
 * all written by the callee's return, and must not take the dead
 * buffer's state (full checking saw an uninitialized read there). Also
 * a result of a function returning a compound literal, and of one
 * returning a call's result. */
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

struct context {
	struct value global;
};

static inline struct value dup_value(struct context *ctx, struct value v)
{
	(void)ctx;
	if (v.tag < 0)
		((struct object *)v.u.ptr)->refs++;
	return (struct value)v;
}

static inline void free_value(struct value v)
{
	struct object *o = v.u.ptr;
	if (v.tag < 0 && --o->refs == 0) {
		printf("object %d freed\n", o->id);
		free(o);
	}
}

static struct value number(long n) { return (struct value){ { .num = n }, 2 }; }

static struct value twice(long n) { return number(2 * n); }

__attribute__((noinline)) static int scribble(int n)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%d-%d", n, n * n);
	return buf[0] + buf[1];
}

__attribute__((noinline)) int define_property(struct context *ctx, struct value this_obj, const char *name,
                                              struct value v, int flags)
{
	long r = v.tag < 0 ? ((struct object *)v.u.ptr)->refs : v.u.num;
	printf("%s: %ld (tag %ld, this %ld, flags %d)\n", name, r, v.tag, this_obj.tag, flags);
	free_value(v);
	return ctx != NULL;
}

__attribute__((noinline)) static void new_constructor(struct context *ctx, struct value func, const char *name)
{
	define_property(ctx, ctx->global, name, dup_value(ctx, func), 3);
	define_property(ctx, ctx->global, "number", number(41), 1);
	define_property(ctx, ctx->global, "twice", twice(21), 2);
	free_value(func);
}

int main(void)
{
	struct object *o = malloc(sizeof *o);
	o->refs = 1;
	o->id = 7;
	struct value func = { { .ptr = o }, -1 };
	struct context ctx = { { { .num = 0 }, 1 } };
	printf("%d\n", scribble(42));
	new_constructor(&ctx, func, "Object");
	return 0;
}

/* Tagged values made by compound literals holding a fresh heap block
 * (QuickJS's sp[-2] = JS_MKPTR(JS_TAG_BIG_INT, r)), stored through a
 * pointer into a value stack, into a struct member, and initialising a
 * local that is returned, while the local pointer that held the block
 * leaves scope: the stored copy still holds the block (full checking
 * reported it lost where the pointer left scope). Everything is freed in
 * the end. */
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

struct number {
	int refs;
	long digits;
};

struct slot {
	int id;
	struct value v;
};

#define MKPTR(t, p) ((struct value){ (union payload){ .ptr = (p) }, (t) })
#define MKNUM(n) ((struct value){ { .num = (n) }, 0 })

static __attribute__((noinline)) int push_number(struct value *sp, long digits)
{
	struct number *r = malloc(sizeof *r);
	if (!r)
		return -1;
	r->refs = 1;
	r->digits = digits;
	sp[-1] = MKPTR(-1, r);
	return 0;
}

static __attribute__((noinline)) struct value boxed(long digits)
{
	struct number *r = malloc(sizeof *r);
	r->refs = 1;
	r->digits = digits;
	struct value v = MKPTR(-1, r);
	return v;
}

static __attribute__((noinline)) void fill(struct slot *s, int id, long digits)
{
	struct number *r = malloc(sizeof *r);
	r->refs = 1;
	r->digits = digits;
	s->id = id;
	s->v = MKPTR(-2, r);
}

static long value_of(struct value v)
{
	return v.tag < 0 ? ((struct number *)v.u.ptr)->digits : v.u.num;
}

static void drop(struct value v)
{
	if (v.tag < 0)
		free(v.u.ptr);
}

int main(void)
{
	struct value stack[8];
	struct value *sp = stack;
	for (long i = 0; i < 6; i++) {
		sp++;
		if (i % 2)
			sp[-1] = MKNUM(i);
		else if (push_number(sp, i * 11))
			return 1;
	}
	struct value b = boxed(123);
	struct slot s;
	fill(&s, 4, 456);
	long sum = value_of(b) + value_of(s.v);
	while (sp > stack) {
		sp--;
		sum += value_of(*sp);
		drop(*sp);
	}
	printf("sum %ld, slot %d\n", sum, s.id);
	drop(b);
	drop(s.v);
	return 0;
}

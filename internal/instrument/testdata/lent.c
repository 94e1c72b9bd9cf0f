/* Locals lent to callees that only borrow them (lent.go), or to a pointer
 * local their address initializes, only dereferenced (Lua's setobj): with
 * full checking, only those whose type holds no pointer, and not one
 * memcpy or memmove writes; a scalar's or an array-free struct's
 * registration and its block's end call the runtime keeping every
 * register, an array's and a struct's holding one do not (lent_test.go).
 * A pointer local that keeps the address (stored, returned), or is
 * declared outside the local's scope (a statement expression's value),
 * lends nothing. */
#include <string.h>

struct pair {
	long *p;
	long n;
};

struct buffer {
	long n;
	long v[2];
};

struct pair *kept;

static void set(long *a, long v) { *a = v; }
static void set_pair(struct pair *q, long v) { q->n = v; }
static void copy_in(long *a, const long *from) { memcpy(a, from, sizeof *a); }

long lent_scalar(void)
{
	long a;
	set(&a, 1);
	return a;
}

long lent_pair(void)
{
	struct pair a;
	set_pair(&a, 2);
	return a.n;
}

long lent_copied(const long *from)
{
	long a;
	copy_in(&a, from);
	return a;
}

long lent_memmove(const long *from, size_t n)
{
	long a = 0;
	memmove(&a, from, n);
	return a;
}

long lent_array(void)
{
	long a[2];
	set(a, 1);
	set(a + 1, 2);
	return a[0] + a[1];
}

long lent_arrayed(void)
{
	struct buffer a;
	set(a.v, 1);
	set(&a.n, 2);
	return a.n + a.v[0];
}

long lent_alias(long v)
{
	struct pair a;
	struct pair *q = &a;
	q->n = v;
	return a.n;
}

long lent_alias_kept(long v)
{
	struct pair a;
	struct pair *q = &a;
	kept = q;
	return q->n = v;
}

long lent_alias_inner(long v)
{
	long a;
	long r = ({
		long *q = &a;
		*q = v;
		*q;
	});
	return r + a;
}

/* (the statement expression's value is a dangling pointer, on purpose) */
#pragma GCC diagnostic ignored "-Wdangling-pointer"
long lent_alias_outer(long v)
{
	long *q = ({
		long a;
		set(&a, v);
		&a;
	});
	(void)q;
	return v;
}

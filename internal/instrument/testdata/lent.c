/* Locals lent to callees that only borrow them (lent.go): with full
 * checking, only those whose type holds no pointer, and not one memcpy or
 * memmove writes; a scalar's registration and its block's end call the
 * runtime keeping every register, an array's and a struct's do not
 * (lent_test.go). */
#include <string.h>

struct pair {
	long *p;
	long n;
};

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

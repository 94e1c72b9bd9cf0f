/* Direct tables (table.go): ops is only indexed and called, and its
 * functions only called by name besides, so they take their metas as
 * parameters and its calls hand over no callee; hooks is also passed to
 * a function, and escape's address is stored, so theirs are called as
 * through any pointer. */
#include <stddef.h>

struct cell {
	long v;
};

static long get(struct cell *c, const char *why)
{
	(void)why;
	return c->v;
}

static long put(struct cell *c, const char *why)
{
	(void)why;
	c->v++;
	return get(c, why);
}

static long (*const ops[2])(struct cell *, const char *) = {get, put};

static long peek(struct cell *c, const char *why)
{
	(void)why;
	return c->v;
}

static long poke(struct cell *c, const char *why)
{
	(void)why;
	return c->v--;
}

static long (*const hooks[2])(struct cell *, const char *) = {peek, poke};

static long escape(struct cell *c, const char *why)
{
	(void)why;
	return c->v + 1;
}

static long (*const others[1])(struct cell *, const char *) = {escape};
long (*kept)(struct cell *, const char *);

static size_t count(long (*const *t)(struct cell *, const char *))
{
	return t != NULL;
}

int main(int argc, char **argv)
{
	struct cell c = {0};
	long n = 0;
	(void)argv;
	n += ops[argc & 1](&c, "ops");
	n += hooks[argc & 1](&c, "hooks");
	n += others[0](&c, "others");
	kept = escape;
	return (int)(n + (long)count(hooks));
}

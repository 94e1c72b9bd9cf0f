/* Whole-object parameters (whole.go): bump's and the handlers' s is
 * always &st of main, through the table and the handlers, so their
 * members need no check; leaky is also given a heap block, and escaped's
 * address is taken, so theirs are checked. split's hi and lo are always
 * the addresses of main's longs, so written with no check; store is also
 * given a heap block, so checked. walk passes its acc on to add_to and
 * to itself, which only dereference theirs: all three bare, so main's
 * total, lent to walk alone, is not registered; relay passes its p on to
 * store, which is not bare, so relay's is not and main's kept is. pick's
 * out, a pointer to a pointer always &found of main, only written, is
 * bare too: found is not registered. optional's out, &opt of main or
 * NULL, is used only under `if (out)`: bare, opt not registered;
 * unguarded's, &given or NULL, is written outside its test: checked,
 * given registered. */
#include <stdlib.h>

struct stack {
	long cells[8];
	long n;
};

static void bump(struct stack *s)
{
	s->n++;
}

static void op_a(struct stack *s, long v)
{
	s->cells[0] = v;
	bump(s);
}

static void op_b(struct stack *s, long v)
{
	s->n -= v;
	bump(s);
}

static void (*const ops[2])(struct stack *, long) = {op_a, op_b};

static void leaky(struct stack *s)
{
	s->n = 0;
}

static void escaped(struct stack *s)
{
	s->n = 1;
}

void (*hook)(struct stack *);

static void split(long v, long *hi, long *lo)
{
	*hi = v >> 4;
	*lo = v & 15;
}

static void store(long *p, long v)
{
	*p = v;
}

static void add_to(long *acc, long v)
{
	*acc += v;
}

static void walk(long depth, long *acc)
{
	add_to(acc, depth);
	if (depth > 0)
		walk(depth - 1, acc);
}

static void relay(long *p, long v)
{
	store(p, v);
}

static void pick(long *cells, long v, long **out)
{
	*out = cells + (v & 7);
}

static void optional(long v, long *out)
{
	if (out)
		*out = v + 1;
}

static void unguarded(long v, long *out)
{
	if (out)
		v++;
	*out = v;
}

int main(int argc, char **argv)
{
	struct stack st = {{0}, 0};
	struct stack *h = malloc(sizeof *h);
	long hi, lo, total = 0, kept, *q = malloc(sizeof *q), *found, opt = 0, given = 0;
	int i;
	(void)argv;
	split(argc, &hi, &lo);
	store(&hi, lo);
	store(q, hi);
	free(q);
	walk(argc, &total);
	relay(&kept, total);
	pick(st.cells, total, &found);
	*found = kept;
	optional(total, &opt);
	optional(total, NULL);
	unguarded(opt, &given);
	if (given < 0)
		unguarded(opt, NULL);
	for (i = 0; i < 4; i++)
		ops[(i + argc) & 1](&st, i);
	leaky(&st);
	leaky(h);
	escaped(&st);
	hook = escaped;
	free(h);
	return (int)(st.n + kept + given);
}

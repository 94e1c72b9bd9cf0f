/* A machine's handlers, called through a static table of the unit's own
 * functions, take its state by pointer: the loop passes main's local, but
 * the last call passes a state block freed by then. A handler's member
 * access is still checked (the parameter is not always a whole live
 * object: memlens's whole-object parameters leave it out). */
#include <stdio.h>
#include <stdlib.h>

struct state {
	long acc;
	long steps;
};

static void step(struct state *s, long v)
{
	s->acc += v; // want DANGLING-POINTER-DEREF
	s->steps++;
}

static void twice(struct state *s, long v)
{
	step(s, v);
	step(s, v);
}

static void (*const ops[2])(struct state *, long) = {step, twice};

int main(void)
{
	struct state local = {0, 0};
	struct state *old = malloc(sizeof *old);
	long i;
	if (old == NULL)
		return 1;
	old->acc = old->steps = 0;
	for (i = 0; i < 10; i++)
		ops[i & 1](&local, i);
	printf("acc %ld after %ld steps\n", local.acc, local.steps);
	free(old);
	ops[1](old, 1);
	return 0;
}

/* memlens:rules gc.rules
 * memlens:options disable=GC-BUG
 *
 * The collector of rules/bugs/gc_sweep_skips with GC-BUG switched off at
 * start-up: the rule is evaluated by no one, and nothing is reported. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct obj {
	uintptr_t mark;
	struct obj *next;
};

static struct obj *all;

static struct obj *new_obj(void)
{
	struct obj *o = calloc(1, sizeof *o);
	o->next = all;
	all = o;
	return o;
}

/* sweeps nothing: the unmarked garbage stays */
static int gc(void)
{
	for (struct obj *o = all; o; o = o->next)
		o->mark &= ~(uintptr_t)1;
	return 0;
}

int main(void)
{
	new_obj();
	new_obj();
	printf("%d freed\n", gc());
	while (all) {
		struct obj *o = all;
		all = o->next;
		free(o);
	}
	return 0;
}

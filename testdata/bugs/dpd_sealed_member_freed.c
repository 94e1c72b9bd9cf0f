/* A machine's stack freed while its stack pointer stays in the machine
 * state: the next pop reads freed memory. The state's members are sealed
 * (every store to them is a member store of this unit: internal/instrument
 * sealed.go), so the load and the move of m->sp skip the shadow's hash
 * test; the meta the shadow word names is still the freed stack's, whose
 * dead block fails the move's bound test, and the stub reports. */
#include <stdio.h>
#include <stdlib.h>

struct machine {
	long *stack, *sp, *end;
	long acc;
};

__attribute__((noinline)) static void push(struct machine *m, long v)
{
	if (m->sp == m->end)
		exit(2);
	*m->sp++ = v;
}

__attribute__((noinline)) static long pop(struct machine *m)
{
	return *--m->sp; // want DANGLING-POINTER-DEREF
}

int main(int argc, char **argv)
{
	struct machine *m = malloc(sizeof *m);
	long i;
	(void)argv;
	if (m == NULL)
		return 1;
	m->stack = malloc(16 * sizeof *m->stack);
	if (m->stack == NULL)
		return 1;
	m->sp = m->stack;
	m->end = m->stack + 16;
	m->acc = 0;
	for (i = 0; i < 4 + argc; i++)
		push(m, i);
	m->acc += pop(m);
	free(m->stack);
	m->acc += pop(m);
	printf("%ld\n", m->acc);
	free(m);
	return 0;
}

/* A stack machine's handlers, called only through a static table with
 * the address of main's machine, and the helpers they pass it to: every
 * call gives a whole live object, so memlens checks none of their member
 * accesses (whole-object parameters); the program's own tests, the stack
 * array's index checks and the accesses through the stack pointer held
 * in the machine still run. */
#include <stdio.h>

struct machine {
	long stack[16];
	long *sp;
	long steps;
};

static void push(struct machine *m, long v)
{
	if (m->sp == m->stack + 16) {
		fprintf(stderr, "overflow\n");
		return;
	}
	*m->sp++ = v;
}

static long pop(struct machine *m)
{
	if (m->sp == m->stack)
		return 0;
	return *--m->sp;
}

static void op_lit(struct machine *m, long arg) { push(m, arg); m->steps++; }
static void op_add(struct machine *m, long arg) { long b = pop(m); push(m, pop(m) + b + arg); m->steps++; }
static void op_dup(struct machine *m, long arg) { long a = pop(m); push(m, a); push(m, a % 1000 * arg); m->steps++; }

static void (*const ops[3])(struct machine *, long) = {op_lit, op_add, op_dup};

int main(void)
{
	struct machine m;
	long i, sum = 0;
	m.sp = m.stack;
	m.steps = 0;
	for (i = 0; i < 1000; i++) {
		ops[i % 3](&m, i % 7);
		if (m.sp - m.stack > 12)
			sum += pop(&m);
	}
	while (m.sp != m.stack)
		sum += pop(&m);
	printf("sum %ld after %ld steps\n", sum, m.steps);
	return 0;
}

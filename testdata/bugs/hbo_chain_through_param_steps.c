/* A machine pointer that operators, called through a table in one place,
 * hand to a helper passing it on twice (vm.c's binary(vm, &a), which pops
 * twice), the helper inlined and not:
 * the helper names its caller's passing step and its own in one steps site
 * (instrument's paramSteps), no entry of the ring; the chain shows every
 * statement as before. */
#include <stdio.h>
#include <stdlib.h>

struct machine {
	long depth;
	long stack[8];
};

typedef long op(struct machine *);

static long count(struct machine *m)
{
	return m->depth; // want HEAP-BUFFER-OVERFLOW
}

static long bottom(struct machine *m)
{
	return m->stack[0]; // want HEAP-BUFFER-OVERFLOW
}

static long both(struct machine *m, long *a)
{
	long b = count(m); // want chain:HEAP-BUFFER-OVERFLOW
	*a = count(m) + 1;
	return b;
}

__attribute__((noinline)) static long far_both(struct machine *m, long *a)
{
	long b = bottom(m); // want chain:HEAP-BUFFER-OVERFLOW
	*a = bottom(m) + 1;
	return b;
}

static long add(struct machine *m)
{
	long a, b = both(m, &a); // want chain:HEAP-BUFFER-OVERFLOW
	return a + b;
}

static long sub(struct machine *m)
{
	long a, b = far_both(m, &a); // want chain:HEAP-BUFFER-OVERFLOW
	return a - b;
}

static op *const ops[] = {add, sub};

int main(int argc, char **argv)
{
	struct machine *ms = malloc(2 * sizeof *ms); // want origin:HEAP-BUFFER-OVERFLOW
	volatile long sum = 0;
	(void)argv;
	if (ms == NULL)
		return 1;
	for (int i = 0; i < 2; i++) {
		ms[i].depth = i + 1;
		ms[i].stack[0] = i;
	}
	for (int i = 0; i < 3 + argc; i++)
		sum += ops[i % 2](ms + i); // want chain:HEAP-BUFFER-OVERFLOW
	printf("done\n");
	free(ms);
	return 0;
}

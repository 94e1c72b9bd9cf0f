/* A helper passing its pointer parameter on twice (vm.c's binary, which
 * pops twice), called by the functions of a table called in one place,
 * passing their own; one helper defined before its callers and one after
 * (TestParamSteps). */
struct machine {
	long *sp;
};

typedef long op(struct machine *);

static long pop(struct machine *m) { return *--m->sp; }
static long binary(struct machine *m, long *a) { long b = pop(m); *a = pop(m); return b; }
static long after(struct machine *m, long *a);
static long add(struct machine *m) { long a, b = binary(m, &a); return a + b; }
static long sub(struct machine *m) { long a, b = binary(m, &a); return a - b; }
static long mul(struct machine *m) { long a, b = after(m, &a); return a * b; }
static long after(struct machine *m, long *a) { long b = pop(m); *a = pop(m); return b; }

static op *const ops[] = {add, sub, mul};

long run(struct machine *m, const int *code, int n)
{
	long s = 0;
	for (int i = 0; i < n; i++)
		s += ops[code[i]](m);
	return s;
}

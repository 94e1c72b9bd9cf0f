/* A machine's handlers, called through a table, call nothing but small
 * helpers (call-site leaves), as does one helper of two others: optimised,
 * such functions push no frame of their own (instrument's findFrameless),
 * and a helper's failing check pushes its call's site as a frame, popped
 * again once the report returns. Each report's stack names the helper's
 * line, the handler's and main's, inlined by gcc or not, and a handler's
 * own report after a helper's names no frame left over
 * (TestLeafCallSiteStacks). */
#include <stdio.h>
#include <stdlib.h>

struct machine {
	long *sp, *stack;
	long acc;
};

typedef void handler(struct machine *, long);

static void push(struct machine *m, long v)
{
	*m->sp++ = v; // want HEAP-BUFFER-OVERFLOW
}

static long at(const struct machine *m, long i)
{
	return m->stack[i]; // want HEAP-BUFFER-OVERFLOW
}

static long cell(const struct machine *m, long i)
{
	return m->stack[i]; // want HEAP-BUFFER-OVERFLOW
}

__attribute__((noinline)) static long top(const struct machine *m, long back)
{
	return m->sp[-back]; // want HEAP-BUFFER-OVERFLOW
}

static long pair(const struct machine *m, long i)
{
	return cell(m, i) + cell(m, i + 1);
}

static void op_push(struct machine *m, long v)
{
	push(m, v);
}

static void op_top(struct machine *m, long back)
{
	m->acc += top(m, back);
}

static void op_at(struct machine *m, long i)
{
	m->acc += at(m, i);
	m->acc += m->stack[i + 1]; // want HEAP-BUFFER-OVERFLOW
}

static void op_pair(struct machine *m, long i)
{
	m->acc += pair(m, i);
}

static handler *const handlers[4] = {op_push, op_top, op_at, op_pair};

int main(void)
{
	static const long ops[][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 5}, {2, 4}, {3, 3}, {0, 5}};
	struct machine m;
	int i;
	m.stack = malloc(4 * sizeof *m.stack);
	if (!m.stack)
		return 1;
	m.sp = m.stack;
	m.acc = 0;
	for (i = 0; i < 8; i++)
		handlers[ops[i][0]](&m, ops[i][1]);
	printf("%d\n", m.sp == m.stack + 5);
	free(m.stack);
	return 0;
}

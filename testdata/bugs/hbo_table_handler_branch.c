/* A machine's handlers, called through a static table of the unit's own
 * functions as vm.c's dispatch does, move the instruction pointer through
 * a heap array of four instructions; one handler returns the next one or
 * a jump's target from the two arms of a conditional. The loop makes five
 * calls, so the last handler reads its argument past the block. The chain
 * follows the pointer through the conditional's arm that was taken. */
#include <stdio.h>
#include <stdlib.h>

struct insn {
	int op;
	long arg;
};

struct machine {
	long acc;
	const struct insn *start;
};

typedef const struct insn *handler(struct machine *, const struct insn *);

static const struct insn *next(const struct insn *pc)
{
	return pc + 1; // want chain:HEAP-BUFFER-OVERFLOW
}

static const struct insn *jump(struct machine *m, long target)
{
	return m->start + target;
}

static const struct insn *op_add(struct machine *m, const struct insn *pc)
{
	m->acc += pc->arg; // want HEAP-BUFFER-OVERFLOW
	return next(pc); // want chain:HEAP-BUFFER-OVERFLOW
}

static const struct insn *op_skip(struct machine *m, const struct insn *pc)
{
	return m->acc ? next(pc) : jump(m, pc->arg); // want chain:HEAP-BUFFER-OVERFLOW
}

static handler *const handlers[2] = {op_add, op_skip};

int main(void)
{
	struct insn *code = malloc(4 * sizeof *code);
	struct machine m = {1, NULL};
	const struct insn *pc;
	int i;
	if (code == NULL)
		return 1;
	for (i = 0; i < 4; i++) {
		code[i].op = i & 1;
		code[i].arg = i + 2;
	}
	m.start = code;
	pc = code;
	for (i = 0; i < 5; i++)
		pc = handlers[i & 1](&m, pc); // want chain:HEAP-BUFFER-OVERFLOW
	printf("%ld\n", m.acc);
	free(code);
	return 0;
}

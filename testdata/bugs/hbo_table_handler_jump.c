/* A machine's handlers, called through a static table of the unit's own
 * functions, move the instruction pointer through a heap array of four
 * instructions; a jump handler returns its helper's result, an address
 * made from the program's start, and the last jump lands one past the
 * end, where the dispatch reads the next opcode. The chain follows the
 * pointer from the helper's return through the handler's and the
 * table's call. */
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

static const struct insn *jump(struct machine *m, long target)
{
	return m->start + target; // want chain:HEAP-BUFFER-OVERFLOW
}

static const struct insn *op_add(struct machine *m, const struct insn *pc)
{
	m->acc += pc->arg; // want HEAP-BUFFER-OVERFLOW
	return pc + 1;
}

static const struct insn *op_jmp(struct machine *m, const struct insn *pc)
{
	return jump(m, pc->arg); // want chain:HEAP-BUFFER-OVERFLOW
}

static handler *const handlers[2] = {op_add, op_jmp};

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
		code[i].arg = i == 1 ? 3 : i + 1;
	}
	m.start = code;
	pc = code;
	for (i = 0; i < 4; i++)
		pc = handlers[pc->op](&m, pc); // want HEAP-BUFFER-OVERFLOW chain:HEAP-BUFFER-OVERFLOW
	printf("%ld\n", m.acc);
	free(code);
	return 0;
}

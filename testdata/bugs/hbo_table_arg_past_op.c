/* A machine's handlers, called through a static table of the unit's own
 * functions; the program is a heap block cut short: its last instruction,
 * a halt whose handler reads its argument, holds the opcode but not the
 * argument. The dispatch's read of pc->op is inside the block, so the
 * handler starts knowing pc's block alive and its first bytes inside it;
 * its read of pc->arg past the block's end is still reported, at the
 * handler. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

struct insn {
	int op;
	long arg;
};

typedef const struct insn *handler(long *, const struct insn *);

static const struct insn *op_add(long *acc, const struct insn *pc)
{
	*acc += pc->arg;
	return pc + 1;
}

static const struct insn *op_halt(long *acc, const struct insn *pc)
{
	*acc -= pc->arg; // want HEAP-BUFFER-OVERFLOW
	return NULL;
}

static handler *const handlers[2] = {op_halt, op_add};

int main(void)
{
	struct insn *code = malloc(sizeof *code + offsetof(struct insn, arg));
	const struct insn *pc;
	long acc = 0;
	if (code == NULL)
		return 1;
	code[0].op = 1;
	code[0].arg = 5;
	code[1].op = 0;
	for (pc = code; pc; pc = handlers[pc->op](&acc, pc))
		;
	printf("%ld\n", acc);
	free(code);
	return 0;
}

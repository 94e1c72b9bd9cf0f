/* A pointer returned by helpers that return their parameter as it came
 * (vm.c's next(pc)), one inlined and one not, by handlers returning their
 * result, called through a table of function pointers: the handler's
 * return names the helper's steps and its own in one site (instrument's
 * passedResult), no entry of the ring; the chain shows every statement
 * as before. */
#include <stdio.h>
#include <stdlib.h>

struct insn {
	int op;
	long arg;
};

typedef const struct insn *handler(const struct insn *);

static const struct insn *next(const struct insn *pc)
{
	return pc + 1; // want chain:HEAP-BUFFER-OVERFLOW
}

__attribute__((noinline)) static const struct insn *far(const struct insn *pc)
{
	return pc + 2; // want chain:HEAP-BUFFER-OVERFLOW
}

static const struct insn *op_next(const struct insn *pc)
{
	return next(pc); // want chain:HEAP-BUFFER-OVERFLOW
}

static const struct insn *op_far(const struct insn *pc)
{
	return far(pc); // want chain:HEAP-BUFFER-OVERFLOW
}

static handler *const handlers[] = {op_next, op_far};

int main(int argc, char **argv)
{
	struct insn *code = malloc(4 * sizeof *code); // want origin:HEAP-BUFFER-OVERFLOW
	const struct insn *pc;
	long sum = 0;
	(void)argv;
	if (code == NULL)
		return 1;
	for (int i = 0; i < 4; i++) {
		code[i].op = i == 1;
		code[i].arg = i;
	}
	/* (the walk stops at the read past the end, whatever lies there: the
	 * next cell of memlens's pool holds no glibc chunk size to stop it) */
	for (pc = code; pc->arg < 3 + argc && pc < code + 4; pc = handlers[pc->op](pc)) // want HEAP-BUFFER-OVERFLOW
		sum += pc->arg;
	printf("%ld\n", sum);
	free(code);
	return 0;
}

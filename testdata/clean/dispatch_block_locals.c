/* A small bytecode interpreter in Lua's style: computed-goto dispatch, each
 * opcode a block declaring pointer locals into the value stack, some read
 * only before the block's calls, some after; a goto lands past a pointer's
 * declaration in its block, which is assigned there before any use. */
#include <stdio.h>
#include <stdlib.h>

enum { PUSH, ADD, DUP, CALL, JUMPIN, HALT };

struct value {
	long n;
	char tag;
};

static long calls;

__attribute__((noinline)) static void hook(struct value *v)
{
	calls += v->n % 3;
}

static long run(const unsigned char *code, struct value *stack)
{
	static void *const ops[] = { &&op_push, &&op_add, &&op_dup, &&op_call, &&op_jumpin, &&op_halt };
	const unsigned char *pc = code;
	struct value *top = stack;
	goto *ops[*pc];
op_push: {
		struct value *slot = top++;
		slot->n = pc[1];
		slot->tag = 'n';
		pc += 2;
		goto *ops[*pc];
	}
op_add: {
		struct value *a = top - 2, *b = top - 1;
		a->n += b->n;
		top--;
		pc++;
		goto *ops[*pc];
	}
op_dup: {
		struct value *from = top - 1;
		struct value *to = top++;
		*to = *from;
		hook(to);
		to->tag = 'd';
		pc++;
		goto *ops[*pc];
	}
op_call: {
		struct value *arg = top - 1;
		hook(arg);
		hook(arg);
		pc++;
		goto *ops[*pc];
	}
op_jumpin:
	pc++;
	if (pc[-1] == JUMPIN)
		goto landed;
	{
		struct value *v = top - 1;
landed:
		v = top - 1;
		v->n *= 2;
		goto *ops[*pc];
	}
op_halt:
	return top[-1].n;
}

int main(void)
{
	static const unsigned char code[] = { PUSH, 3, PUSH, 4, ADD, DUP, CALL, ADD, JUMPIN, DUP, ADD, HALT };
	struct value *stack = malloc(16 * sizeof *stack);
	long result;
	if (!stack)
		return 1;
	result = run(code, stack);
	printf("%ld %ld\n", result, calls);
	free(stack);
	return 0;
}

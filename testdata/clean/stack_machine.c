/* A tiny bytecode interpreter: instructions in a tagged union, a value
 * stack on the heap that grows with realloc, opcode handlers in a table of
 * function pointers (designated initializers), and loops via jumps. */
#include <stdio.h>
#include <stdlib.h>

enum op { PUSH, ADD, SUB, MUL, DUP, DROP, SWAP, OVER, ROT, JNZ, PRINT, HALT, NOPS };

struct insn {
	enum op op;
	union {
		long imm;
		int target;
	} u;
};

struct vm {
	long *stack;
	size_t sp, cap;
	int pc;
	int steps;
	size_t max_depth;
};

static void push(struct vm *m, long v)
{
	if (m->sp == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 2;
		long *s = realloc(m->stack, cap * sizeof *s);
		if (s == NULL)
			abort();
		m->stack = s;
		m->cap = cap;
	}
	m->stack[m->sp++] = v;
	if (m->sp > m->max_depth)
		m->max_depth = m->sp;
}

static long pop(struct vm *m)
{
	if (m->sp == 0) {
		fprintf(stderr, "stack underflow at %d\n", m->pc);
		exit(1);
	}
	return m->stack[--m->sp];
}

typedef void handler(struct vm *, const struct insn *);

static void op_push(struct vm *m, const struct insn *i) { push(m, i->u.imm); }
static void op_add(struct vm *m, const struct insn *i) { (void)i; long b = pop(m); push(m, pop(m) + b); }
static void op_sub(struct vm *m, const struct insn *i) { (void)i; long b = pop(m); push(m, pop(m) - b); }
static void op_mul(struct vm *m, const struct insn *i) { (void)i; long b = pop(m); push(m, pop(m) * b); }
static void op_dup(struct vm *m, const struct insn *i) { (void)i; long a = pop(m); push(m, a); push(m, a); }
static void op_drop(struct vm *m, const struct insn *i) { (void)i; pop(m); }

static void op_swap(struct vm *m, const struct insn *i)
{
	(void)i;
	long b = pop(m), a = pop(m);
	push(m, b);
	push(m, a);
}

static void op_over(struct vm *m, const struct insn *i)
{
	(void)i;
	long b = pop(m), a = pop(m);
	push(m, a);
	push(m, b);
	push(m, a);
}

static void op_rot(struct vm *m, const struct insn *i) /* a b c -> b c a */
{
	(void)i;
	long c = pop(m), b = pop(m), a = pop(m);
	push(m, b);
	push(m, c);
	push(m, a);
}

static void op_jnz(struct vm *m, const struct insn *i)
{
	if (pop(m) != 0)
		m->pc = i->u.target - 1; /* the loop adds one */
}

static void op_print(struct vm *m, const struct insn *i)
{
	(void)i;
	printf("  top: %ld\n", m->stack[m->sp - 1]);
}

static handler *const handlers[NOPS] = {
	[PUSH] = op_push, [ADD] = op_add, [SUB] = op_sub, [MUL] = op_mul,
	[DUP] = op_dup, [DROP] = op_drop, [SWAP] = op_swap, [OVER] = op_over,
	[ROT] = op_rot, [JNZ] = op_jnz, [PRINT] = op_print,
};

static long run(const char *name, const struct insn *prog)
{
	struct vm m = {0};
	printf("%s:\n", name);
	for (; prog[m.pc].op != HALT; m.pc++, m.steps++)
		handlers[prog[m.pc].op](&m, &prog[m.pc]);
	long result = m.sp > 0 ? m.stack[m.sp - 1] : 0;
	printf("  %d steps, max depth %zu, capacity %zu\n", m.steps, m.max_depth, m.cap);
	free(m.stack);
	return result;
}

#define I(o) {o, {0}}
#define IMM(o, v) {o, {.imm = (v)}}
#define JMP(o, t) {o, {.target = (t)}}

int main(void)
{
	static const struct insn factorial[] = {
		IMM(PUSH, 1), IMM(PUSH, 10),                     /* acc n */
		/* 2 */ I(SWAP), I(OVER), I(MUL), I(SWAP),      /* acc*n n */
		IMM(PUSH, 1), I(SUB), I(DUP), JMP(JNZ, 2),      /* acc' n-1 */
		I(DROP), I(PRINT), I(HALT),
	};
	static const struct insn squares[] = {
		IMM(PUSH, 0), IMM(PUSH, 20),                     /* sum i */
		/* 2 */ I(DUP), I(DUP), I(MUL),                 /* sum i i*i */
		I(ROT), I(ADD), I(SWAP),                        /* sum+i*i i */
		IMM(PUSH, 1), I(SUB), I(DUP), JMP(JNZ, 2),      /* sum' i-1 */
		I(DROP), I(PRINT), I(HALT),
	};
	static const struct insn arith[] = {
		IMM(PUSH, 6), IMM(PUSH, 7), I(MUL), IMM(PUSH, 2), I(SUB), I(PRINT), I(HALT),
	};
	printf("  result %ld\n", run("10!", factorial));
	printf("  result %ld\n", run("sum of squares 1..20", squares));
	printf("  result %ld\n", run("6*7-2", arith));
	return 0;
}

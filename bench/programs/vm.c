/* vm.c: a stack machine with one small function per opcode.
 * A tiny assembler turns a program (recursive fib, Collatz lengths, gcd of
 * random pairs, a running hash over an array in the machine's memory) into
 * malloc'd instructions; the machine runs them by calling each
 * instruction's handler through a table of function pointers, every
 * handler going through small helpers (push, pop, frame access); prints
 * the results' checksum.
 * memlens:bench
 */
#include <stdio.h>
#include <stdlib.h>

#define RNG_SEED 0x9E3779B97F4A7C15ULL
#include "rng.h"

enum op {
	PUSH, LOAD, STORE, ADD, SUB, MUL, MOD, DIV, LT, EQ, NOT, JMP, JZ, CALL, RET,
	DUP, DROP, SWAP, PEEK, POKE, HASH, HALT, NOPS
};

struct insn {
	enum op op;
	long arg; /* a constant, a local's slot, a jump target or a callee */
};

struct frame {
	long locals[8];
	const struct insn *ret; /* where the caller goes on */
};

struct vm {
	long *stack, *sp, *stack_end;
	long *memory;
	long memory_size;
	struct frame *frames, *frames_end; /* the call stack */
	struct frame *frame;               /* the current frame */
	const struct insn *code;
	unsigned long long hash;
};

typedef const struct insn *handler(struct vm *, const struct insn *);

static void die(const char *why)
{
	fprintf(stderr, "vm: %s\n", why);
	exit(1);
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n);
	if (!p)
		die("out of memory");
	return p;
}

static void push(struct vm *vm, long v)
{
	if (vm->sp == vm->stack_end)
		die("stack overflow");
	*vm->sp++ = v;
}

static long pop(struct vm *vm)
{
	if (vm->sp == vm->stack)
		die("stack underflow");
	return *--vm->sp;
}

static long *top(struct vm *vm)
{
	if (vm->sp == vm->stack)
		die("stack empty");
	return vm->sp - 1;
}

static long *local(struct vm *vm, long slot)
{
	if (slot < 0 || slot >= 8)
		die("bad local");
	return &vm->frame->locals[slot];
}

static long *cell(struct vm *vm, long addr)
{
	if (addr < 0 || addr >= vm->memory_size)
		die("bad address");
	return &vm->memory[addr];
}

static const struct insn *next(const struct insn *pc)
{
	return pc + 1;
}

static const struct insn *jump(struct vm *vm, long target)
{
	return vm->code + target;
}

static const struct insn *op_push(struct vm *vm, const struct insn *pc) { push(vm, pc->arg); return next(pc); }
static const struct insn *op_load(struct vm *vm, const struct insn *pc) { push(vm, *local(vm, pc->arg)); return next(pc); }
static const struct insn *op_store(struct vm *vm, const struct insn *pc) { *local(vm, pc->arg) = pop(vm); return next(pc); }
static const struct insn *op_dup(struct vm *vm, const struct insn *pc) { push(vm, *top(vm)); return next(pc); }
static const struct insn *op_drop(struct vm *vm, const struct insn *pc) { pop(vm); return next(pc); }

static const struct insn *op_swap(struct vm *vm, const struct insn *pc)
{
	long b = pop(vm), a = pop(vm);
	push(vm, b);
	push(vm, a);
	return next(pc);
}

static long binary(struct vm *vm, long *a)
{
	long b = pop(vm);
	*a = pop(vm);
	return b;
}

static const struct insn *op_add(struct vm *vm, const struct insn *pc) { long a, b = binary(vm, &a); push(vm, a + b); return next(pc); }
static const struct insn *op_sub(struct vm *vm, const struct insn *pc) { long a, b = binary(vm, &a); push(vm, a - b); return next(pc); }
static const struct insn *op_mul(struct vm *vm, const struct insn *pc) { long a, b = binary(vm, &a); push(vm, a * b); return next(pc); }
static const struct insn *op_lt(struct vm *vm, const struct insn *pc) { long a, b = binary(vm, &a); push(vm, a < b); return next(pc); }
static const struct insn *op_eq(struct vm *vm, const struct insn *pc) { long a, b = binary(vm, &a); push(vm, a == b); return next(pc); }
static const struct insn *op_not(struct vm *vm, const struct insn *pc) { long *t = top(vm); *t = !*t; return next(pc); }

static long divisor(long b)
{
	if (b == 0)
		die("division by zero");
	return b;
}

static const struct insn *op_mod(struct vm *vm, const struct insn *pc) { long a, b = binary(vm, &a); push(vm, a % divisor(b)); return next(pc); }
static const struct insn *op_div(struct vm *vm, const struct insn *pc) { long a, b = binary(vm, &a); push(vm, a / divisor(b)); return next(pc); }

static const struct insn *op_jmp(struct vm *vm, const struct insn *pc) { return jump(vm, pc->arg); }
static const struct insn *op_jz(struct vm *vm, const struct insn *pc) { return pop(vm) ? next(pc) : jump(vm, pc->arg); }

/* CALL n: the callee's first local is the argument on the stack. */
static const struct insn *op_call(struct vm *vm, const struct insn *pc)
{
	struct frame *f = vm->frame + 1;
	int i;
	if (f == vm->frames_end)
		die("call stack overflow");
	for (i = 0; i < 8; i++)
		f->locals[i] = 0;
	f->locals[0] = pop(vm);
	f->ret = next(pc);
	vm->frame = f;
	return jump(vm, pc->arg);
}

static const struct insn *op_ret(struct vm *vm, const struct insn *pc)
{
	(void)pc;
	if (vm->frame == vm->frames)
		die("return from the top");
	vm->frame--;
	return vm->frame[1].ret;
}

static const struct insn *op_peek(struct vm *vm, const struct insn *pc) { long *t = top(vm); *t = *cell(vm, *t); return next(pc); }

static const struct insn *op_poke(struct vm *vm, const struct insn *pc)
{
	long v = pop(vm), addr = pop(vm);
	*cell(vm, addr) = v;
	return next(pc);
}

static const struct insn *op_hash(struct vm *vm, const struct insn *pc)
{
	vm->hash = vm->hash * 1000003ULL + (unsigned long long)pop(vm);
	return next(pc);
}

static const struct insn *op_halt(struct vm *vm, const struct insn *pc)
{
	(void)vm;
	(void)pc;
	return NULL;
}

static handler *const handlers[NOPS] = {
	[PUSH] = op_push, [LOAD] = op_load, [STORE] = op_store, [ADD] = op_add, [SUB] = op_sub,
	[MUL] = op_mul, [MOD] = op_mod, [DIV] = op_div, [LT] = op_lt, [EQ] = op_eq, [NOT] = op_not,
	[JMP] = op_jmp, [JZ] = op_jz, [CALL] = op_call, [RET] = op_ret, [DUP] = op_dup, [DROP] = op_drop,
	[SWAP] = op_swap, [PEEK] = op_peek, [POKE] = op_poke, [HASH] = op_hash, [HALT] = op_halt,
};

/* The assembler: instructions appended to a growing array; labels are
 * indexes, forward jumps patched when their label is placed. */
struct code {
	struct insn *insns;
	long len, cap;
};

static long emit(struct code *c, enum op op, long arg)
{
	if (c->len == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 64;
		c->insns = realloc(c->insns, (size_t)c->cap * sizeof *c->insns);
		if (!c->insns)
			die("out of memory");
	}
	c->insns[c->len].op = op;
	c->insns[c->len].arg = arg;
	return c->len++;
}

static void patch(struct code *c, long at)
{
	c->insns[at].arg = c->len;
}

/* fib(n): if n < 2 return n; return fib(n-1) + fib(n-2) */
static long emit_fib(struct code *c)
{
	long entry = c->len, skip;
	emit(c, LOAD, 0);
	emit(c, PUSH, 2);
	emit(c, LT, 0);
	skip = emit(c, JZ, 0);
	emit(c, LOAD, 0);
	emit(c, RET, 0);
	patch(c, skip);
	emit(c, LOAD, 0);
	emit(c, PUSH, 1);
	emit(c, SUB, 0);
	emit(c, CALL, entry);
	emit(c, LOAD, 0);
	emit(c, PUSH, 2);
	emit(c, SUB, 0);
	emit(c, CALL, entry);
	emit(c, ADD, 0);
	emit(c, RET, 0);
	return entry;
}

/* collatz(n): steps from n + 1 until 1 */
static long emit_collatz(struct code *c)
{
	long entry = c->len, loop, done, odd, join;
	emit(c, LOAD, 0);
	emit(c, PUSH, 1);
	emit(c, ADD, 0);
	emit(c, STORE, 0);
	emit(c, PUSH, 0);
	emit(c, STORE, 1);
	loop = c->len;
	emit(c, LOAD, 0);
	emit(c, PUSH, 1);
	emit(c, EQ, 0);
	emit(c, NOT, 0);
	done = emit(c, JZ, 0);
	emit(c, LOAD, 0);
	emit(c, PUSH, 2);
	emit(c, MOD, 0);
	odd = emit(c, JZ, 0);
	emit(c, LOAD, 0);
	emit(c, PUSH, 3);
	emit(c, MUL, 0);
	emit(c, PUSH, 1);
	emit(c, ADD, 0);
	join = emit(c, JMP, 0);
	patch(c, odd);
	emit(c, LOAD, 0);
	emit(c, PUSH, 2);
	emit(c, DIV, 0);
	patch(c, join);
	emit(c, STORE, 0);
	emit(c, LOAD, 1);
	emit(c, PUSH, 1);
	emit(c, ADD, 0);
	emit(c, STORE, 1);
	emit(c, JMP, loop);
	patch(c, done);
	emit(c, LOAD, 1);
	emit(c, RET, 0);
	return entry;
}

/* gcd(a*65536 + b) by Euclid, one packed argument */
static long emit_gcd(struct code *c)
{
	long entry = c->len, loop, done;
	emit(c, LOAD, 0);
	emit(c, PUSH, 65536);
	emit(c, DIV, 0);
	emit(c, LOAD, 0);
	emit(c, PUSH, 65536);
	emit(c, MOD, 0);
	emit(c, STORE, 2);
	emit(c, STORE, 1);
	loop = c->len;
	emit(c, LOAD, 2);
	done = emit(c, JZ, 0);
	emit(c, LOAD, 1);
	emit(c, LOAD, 2);
	emit(c, DUP, 0);
	emit(c, STORE, 1);
	emit(c, MOD, 0);
	emit(c, STORE, 2);
	emit(c, JMP, loop);
	patch(c, done);
	emit(c, LOAD, 1);
	emit(c, RET, 0);
	return entry;
}

/* for (i = 0; i < n; i++) hash(call(f, arg(i))), with arg(i) the value at
 * memory[i] or i itself */
static void emit_loop(struct code *c, long n, long f, int from_memory)
{
	long loop, done;
	emit(c, PUSH, 0);
	emit(c, STORE, 0);
	loop = c->len;
	emit(c, LOAD, 0);
	emit(c, PUSH, n);
	emit(c, LT, 0);
	done = emit(c, JZ, 0);
	emit(c, LOAD, 0);
	if (from_memory)
		emit(c, PEEK, 0);
	emit(c, CALL, f);
	emit(c, HASH, 0);
	emit(c, LOAD, 0);
	emit(c, PUSH, 1);
	emit(c, ADD, 0);
	emit(c, STORE, 0);
	emit(c, JMP, loop);
	patch(c, done);
}

int main(int argc, char **argv)
{
	long scale = argc > 1 ? atol(argv[1]) : 17, i, start, over_fib, fib, collatz, gcd;
	struct code c = {NULL, 0, 0};
	struct vm vm;
	const struct insn *pc;
	if (scale < 1)
		scale = 1;

	vm.memory_size = 4096;
	vm.memory = xmalloc((size_t)vm.memory_size * sizeof *vm.memory);
	for (i = 0; i < vm.memory_size; i++)
		vm.memory[i] = (long)(xorshift64() % 65536) * 65536 + (long)(xorshift64() % 65536);

	over_fib = emit(&c, JMP, 0);
	fib = emit_fib(&c);
	collatz = emit_collatz(&c);
	gcd = emit_gcd(&c);
	patch(&c, over_fib);
	start = c.len;
	emit_loop(&c, 16 + scale, fib, 0);
	emit_loop(&c, 3000 * scale, collatz, 0);
	emit(&c, PUSH, 0);
	emit(&c, STORE, 1);
	for (i = 0; i < scale; i++)
		emit_loop(&c, vm.memory_size, gcd, 1);
	emit(&c, HALT, 0);

	vm.stack = xmalloc(1024 * sizeof *vm.stack);
	vm.sp = vm.stack;
	vm.stack_end = vm.stack + 1024;
	vm.frames = vm.frame = xmalloc(256 * sizeof *vm.frames);
	vm.frames_end = vm.frames + 256;
	for (i = 0; i < 8; i++)
		vm.frame->locals[i] = 0;
	vm.code = c.insns;
	vm.hash = 0;
	for (pc = c.insns + start; pc; pc = handlers[pc->op](&vm, pc))
		;
	printf("vm: scale=%ld insns=%ld checksum=%016llx\n", scale, c.len, vm.hash);
	free(vm.frames);
	free(vm.stack);
	free(vm.memory);
	free(c.insns);
	return 0;
}

/* The operands that run before a call that may free: a call's arguments
 * (Lua's luaV_fastget, tag = !ttistable(t) ? NOTABLE : get(hvalue(t), k))
 * and the operands of a comma before it (Lua's Protect: savepc(ci), then
 * L->top = ci->top, then the call). Nothing can have freed a block when
 * they run, so the checks made before them in the expression prove what
 * they prove there, and a check leaves out only those tests. The value
 * read below a block whose first byte holds the tag, and the member read
 * past a block cut short after the member stored, are still reported. */
#include <stdio.h>
#include <stdlib.h>

enum { NOTABLE = -1, TABLE = 5 };

struct tvalue {
	union {
		void *p;
		long handle;
	} value_;
	unsigned char tt_;
};

struct callinfo {
	const int *savedpc;
	long *top;
};

struct state {
	long *top;
	long steps;
};

static long *spare;

/* may free: it drops the spare table when asked for a negative key */
static long lookup(long handle, long key)
{
	if (key < 0) {
		free(spare);
		spare = NULL;
		return NOTABLE;
	}
	return handle == 42 ? key * 10 : NOTABLE;
}

static long get(const struct tvalue *tv, long key)
{
	long tag;
	tag = (tv->tt_ != TABLE ? NOTABLE : lookup(tv->value_.handle, key)); // want HEAP-BUFFER-OVERFLOW
	return tag;
}

static void step(struct state *L)
{
	L->steps++;
	if (L->steps > 1000)
		lookup(0, -1);
}

static void save_and_step(struct state *L, struct callinfo *ci, const int *pc)
{
	(ci->savedpc = pc, L->top = ci->top, step(L)); // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	static const int code[4];
	long stack[8];
	struct tvalue good = {{.handle = 42}, TABLE};
	struct state L = {stack, 0};
	struct callinfo whole = {code, stack + 2};
	struct tvalue *below;
	struct callinfo *cut;
	unsigned char *raw = malloc(16);
	spare = malloc(sizeof *spare);
	cut = malloc(sizeof(const int *)); /* the top left out */
	if (!raw || !spare || !cut)
		return 1;
	raw[0] = TABLE;
	/* the tag lands on the block's first byte, the value below it */
	below = (struct tvalue *)(raw - sizeof(good.value_));
	printf("%ld\n", get(&good, 1));
	printf("%ld\n", get(below, 1));
	save_and_step(&L, &whole, code + 1);
	save_and_step(&L, cut, code + 2);
	printf("%ld\n", L.steps);
	free(raw);
	free(cut);
	free(spare);
	return 0;
}

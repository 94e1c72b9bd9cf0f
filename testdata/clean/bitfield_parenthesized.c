/* Bit-fields stored, updated and read in parentheses, as macros write them
 * (m4 1.4.19's `#define SYMBOL_MACRO_ARGS(S) ((S)->macro_args)` assigned
 * in builtin.c). With --memlens-full the parenthesized bit-field was taken
 * for a member with an address: the instrumented unit assigned the value
 * to the whole struct ("incompatible types when assigning to type
 * 'symbol'") or took the bit-field's address, and gcc rejected it. The
 * stores must define the fields' bytes: the heap struct is never written
 * otherwise. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

typedef bool bool_bitfield;
typedef struct symbol symbol;
struct symbol {
	symbol *next;
	bool_bitfield traced : 1;
	bool_bitfield macro_args : 1;
	unsigned level : 5;
	int pending;
};

struct builtin {
	const char *name;
	bool_bitfield groks_macro_args : 1;
	bool_bitfield blind_if_no_args : 1;
};

#define SYMBOL_MACRO_ARGS(S) ((S)->macro_args)
#define SYMBOL_TRACED(S) ((S)->traced)
#define SYMBOL_LEVEL(S) ((S)->level)

static void define_builtin(symbol *sym, const struct builtin *bp)
{
	SYMBOL_MACRO_ARGS(sym) = bp->groks_macro_args;
	SYMBOL_TRACED(sym) = (bp->blind_if_no_args);
	SYMBOL_LEVEL(sym) = 3;
	((SYMBOL_LEVEL(sym))) += 4;
	SYMBOL_LEVEL(sym)++;
}

static struct {
	unsigned a : 3, b : 4;
} global;

int main(void)
{
	symbol *sym = malloc(sizeof *sym);
	if (!sym)
		return 1;
	struct builtin bp = {"define", 1, 0};
	define_builtin(sym, &bp);
	printf("macro_args %d traced %d level %u\n", SYMBOL_MACRO_ARGS(sym), (SYMBOL_TRACED(sym)), SYMBOL_LEVEL(sym));

	struct builtin local; /* in memory: its address is taken */
	struct builtin *lp = &local;
	(local.groks_macro_args) = 0;
	((local).blind_if_no_args) = 1;
	(local.blind_if_no_args) ^= 1;
	printf("local %d %d %d\n", (lp->groks_macro_args), local.blind_if_no_args, lp == &local);

	(global.a) = 5;
	((global).b) = (global.a) + 2;
	(global.b)--;
	printf("global %u %u\n", global.a, (global.b));
	free(sym);
	return 0;
}

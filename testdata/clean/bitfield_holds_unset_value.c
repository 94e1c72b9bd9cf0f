/* A bit-field may hold a value never set, as any variable may, as long as
 * nothing uses it: storing it is no use (Valgrind reports such a value
 * where a branch, an index or a call depends on it), and the other fields
 * sharing its bytes keep their own definedness, bit by bit: in the heap,
 * in a local, and copied with their struct. */
#include <stdio.h>
#include <stdlib.h>

struct flags {
	unsigned kind : 3, level : 4, seen : 1;
	unsigned wide : 12, narrow : 20;
};

static void __attribute__((noinline)) fill(struct flags *f, const int *unset)
{
	f->kind = 5;
	f->seen = 1;
	f->narrow = 77;
	f->level = *unset; /* between kind and seen, in their byte */
	f->wide = unset[1]; /* across two bytes, with narrow in the second */
}

int main(void)
{
	int *unset = malloc(2 * sizeof *unset);
	struct flags *f = malloc(sizeof *f);
	struct flags local, copy;
	if (!unset || !f)
		return 1;
	fill(f, unset);
	if (f->kind == 5 && f->seen && f->narrow == 77)
		puts("heap");
	local.kind = 2;
	local.seen = 0;
	local.narrow = 3;
	local.level = unset[0];
	local.wide = unset[1];
	if (local.kind == 2 && !local.seen && local.narrow == 3)
		puts("local");
	copy = *f;
	if (copy.kind + copy.seen + copy.narrow == 83)
		puts("copy");
	free(f);
	free(unset);
	return 0;
}

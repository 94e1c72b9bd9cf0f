/* A value never set stored into a bit-field is reported where it is used,
 * not where it is stored, as Valgrind reports it: read from the field
 * itself, and from a copy of its struct. Its neighbours' stores before it
 * leave it undefined. An assignment deciding a condition uses the value it
 * stored, into a bit-field or a local. */
#include <stdio.h>
#include <stdlib.h>

struct flags {
	unsigned kind : 3, level : 4, seen : 1;
};

static void __attribute__((noinline)) fill(struct flags *f, const int *unset)
{
	f->kind = 1;
	f->seen = 1;
	f->level = *unset;
}

int main(void)
{
	int *unset = malloc(sizeof *unset);
	struct flags *f = malloc(sizeof *f), copy;
	if (!unset || !f)
		return 1;
	fill(f, unset);
	if (f->level > 3) // want UNINITIALIZED-READ
		puts("high");
	copy = *f;
	printf("%d\n", copy.kind + copy.seen);
	if (copy.level == 2) // want UNINITIALIZED-READ
		puts("two");
	int level;
	if ((f->level = *unset)) // want UNINITIALIZED-READ
		puts("any");
	if ((level = unset[0])) // want UNINITIALIZED-READ
		puts("level");
	free(f);
	free(unset);
	return 0;
}

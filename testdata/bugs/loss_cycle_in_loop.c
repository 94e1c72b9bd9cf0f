/* Pairs of blocks pointing at each other, made and dropped in a loop long
 * enough that collections run while the program does: the leak is
 * reported once, at the statement that drops each pair. */
#include <stdio.h>
#include <stdlib.h>

struct peer { struct peer *other; int n; };

static void pair_up(int i)
{
	struct peer *a = malloc(sizeof *a); // want alloc:MEMORY-LEAK
	struct peer *b = malloc(sizeof *b); // want alloc:MEMORY-LEAK
	a->other = b;
	b->other = a;
	a->n = i;
	b->n = -i;
	if (a->other->other != a)
		abort();
} // want full:MEMORY-LEAK

int main(void)
{
	for (int i = 0; i < 5000; i++)
		pair_up(i);
	puts("paired");
	return 0;
}

/* A direct leaf function (it calls only a system function) whose pointer
 * parameters keep their provenance in the thread's words: its checks pass
 * its caller's call site (the _at form) and read those words, which once
 * named a check form the runtime does not have (a link error; gcc's
 * c-torture pr58831). */
#include <assert.h>
#include <stdio.h>

static int counts[4], *cursor, **slot = &cursor;
static int rounds;

static int __attribute__((noinline)) fill(int *into, int **where)
{
	int **last = &cursor;
	for (int i = 0; i < rounds; i++)
		into[i] = i + 1;
	*last = *where = &counts[3];
	assert(*slot);
	return into[0] + **where;
}

int main(void)
{
	rounds = 3;
	counts[3] = 7;
	printf("%d\n", fill(counts, slot));
	printf("%d %d %d %d\n", counts[0], counts[1], counts[2], counts[3]);
	return 0;
}

/* A recursion deeper than the shadow stack's frame slots lends a local at
 * every level (its record: its frame's below the 255th level, its position
 * on the stack of locals deeper). The deepest level's helper writes one
 * element past its accumulator. */
#include <stdio.h>

static void add(long *acc, int n, long v)
{
	for (int i = 0; i <= n; i++)
		acc[i] += v; // want STACK-BUFFER-OVERFLOW
}

static long level(int depth)
{
	long acc[2] = {0, 0};
	if (depth > 0)
		add(acc, 1, level(depth - 1));
	add(acc, depth == 0 ? 2 : 1, depth);
	return acc[0] + acc[1];
}

int main(void)
{
	printf("%ld\n", level(300));
	return 0;
}

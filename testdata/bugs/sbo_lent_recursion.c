/* Each level of a recursion lends its accumulator to a helper (a lent
 * local: its record is the one of its position on the stack of locals,
 * which deeper levels reuse for theirs). Once the deeper levels have
 * returned, the outermost level's helper writes one element past its
 * own accumulator. */
#include <stdio.h>

static void add(long *acc, int n, long v)
{
	for (int i = 0; i <= n; i++)
		acc[i] += v; // want STACK-BUFFER-OVERFLOW
}

static long level(int depth)
{
	long acc[2] = {0, 0};
	if (depth > 0) {
		long below = level(depth - 1);
		add(acc, 1, below);
	}
	add(acc, depth == 5 ? 2 : 1, depth);
	return acc[0] + acc[1];
}

int main(void)
{
	printf("%ld\n", level(5));
	return 0;
}

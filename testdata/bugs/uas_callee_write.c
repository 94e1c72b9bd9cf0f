/* A pointer to a block-scoped accumulator outlives the block and is handed
 * to a callee that writes through it. */
#include <stdio.h>

static void add(long *acc, long v)
{
	*acc += v; // want USE-AFTER-SCOPE
}

int main(void)
{
	long *acc;
	{
		long sum = 0;
		acc = &sum;
		add(acc, 5);
		printf("%ld\n", sum);
	}
	add(acc, 6);
	return 0;
}

/* The program defines libc's llabs as a function that only aborts and
 * calls it (gcc's torture tests 20021127-1, 20030125-1 with floor and
 * sin): optimised, gcc knows llabs and computes it inline, so the
 * definition never runs. memlens must call such a function by its name,
 * as written, for gcc to do the same: a function that never returns and
 * calls only abort runs no exit handler, so no leak check needs its
 * callers' registers kept. */
#include <stdio.h>

long long a = -1;
long long llabs(long long);
void abort(void);

int main(void)
{
#ifdef __OPTIMIZE__
	if (llabs(a) != 1)
		abort();
#endif
	puts("folded");
	return 0;
}

long long llabs(long long b)
{
	(void)b;
	abort();
}

/* A global register variable (GNU: `register long ticks asm("r15")`, as
 * some interpreters keep their hottest state) has no address: memlens
 * registers no object for it. (A pointer held in one is not supported:
 * memlens keeps a pointer's meta at its address.) */
#include <stdio.h>

register long ticks asm("r15");

static long work(int n)
{
	long s = 0;
	for (int i = 0; i < n; i++) {
		ticks += 2;
		s += ticks * i;
	}
	return s;
}

int main(void)
{
	long saved = ticks;
	ticks = 0;
	long s = work(10);
	printf("%ld %ld\n", s, ticks);
	ticks = saved;
	return 0;
}

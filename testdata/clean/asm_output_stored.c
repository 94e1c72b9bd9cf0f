/* A function with an asm statement stores through its pointer parameters
 * the values the asm computed (gcc's torture test 20030222-1): with full
 * checking such a function's locals are not tracked (the asm may write
 * them unseen), but its stores must still define what they write, or the
 * caller's reads are false UNINITIALIZED-READs. */
#include <stdio.h>

struct pair {
	int lo, hi;
	unsigned flag : 1;
};

static void split(long long x, volatile int *lo, struct pair *p)
{
	int i;
	__asm__("" : "=r"(i) : "0"(x));
	*lo = i;
	p->lo = i;
	p->hi = (int)(x >> 32);
	p->flag = 1;
}

int main(void)
{
	volatile int lo;
	struct pair p;
	split(0x100000002LL, &lo, &p);
	if (lo != 2 || p.lo != 2 || p.hi != 1 || !p.flag)
		return 1;
	puts("split");
	return 0;
}

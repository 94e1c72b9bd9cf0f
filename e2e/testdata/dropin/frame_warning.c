/* Frame sizes depend on gcc's RTL passes: a build that reports them
   (-Wframe-larger-than=) gets memlens's diagnostics compile to run them
   all, so the sizes it reports are gcc's. */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long state = 88172645463325252ULL;

static unsigned long long next(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

static __attribute__((noinline)) long step(long key, long acc)
{
	return acc * 31 + key;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000, i, found = 0, removed = 0, acc = 0;
	unsigned long long sum = 0;
	for (i = 0; i < n; i++) {
		long key = (long)(next() % 1000);
		unsigned op = (unsigned)(next() % 10);
		if (op < 5)
			acc = step(key, acc);
		else if (op < 8)
			found += step(key, found) & 1;
		else
			removed += key;
		sum += (unsigned long long)key;
	}
	printf("%ld %ld %ld %016llx\n", found, removed, acc, sum);
	return 0;
}

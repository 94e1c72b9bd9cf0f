/* Objects are handed out as integer handles (their addresses); a handle
 * read back from a saved table is a stale id, not an address, and is
 * turned into a pointer anyway. No object can be there: the program dies
 * of SIGSEGV. */
#include <stdint.h>
#include <stdio.h>

struct counter {
	const char *name;
	long hits;
};

static struct counter counters[2] = {{"reads", 0}, {"writes", 0}};

static uintptr_t handle_of(int i)
{
	return (uintptr_t)&counters[i];
}

static void bump(uintptr_t handle)
{
	struct counter *c = (struct counter *)handle;
	c->hits++; // want INVALID-DEREF
}

int main(void)
{
	uintptr_t saved[3] = {handle_of(0), handle_of(1), 0xdead0000};
	for (int i = 0; i < 3; i++)
		bump(saved[i]);
	printf("%ld %ld\n", counters[0].hits, counters[1].hits);
	return 0;
}

/* A program built with -finstrument-functions that profiles itself: gcc
 * calls its hooks at the entry and exit of each function but the ones
 * marked no_instrument_function. memlens's own inline helpers must not be
 * profiled: the hooks' code calls them, and a profiled helper called the
 * hook again, without end (a stack overflow; gcc's torture eeprof-1). */
#include <stdio.h>

#define UNPROFILED __attribute__((no_instrument_function))

static int depth, most, entries;
static void *trail[16];

void __cyg_profile_func_enter(void *fn, void *site) UNPROFILED;
void __cyg_profile_func_exit(void *fn, void *site) UNPROFILED;

void __cyg_profile_func_enter(void *fn, void *site)
{
	(void)site;
	trail[entries++ % 16] = fn;
	if (++depth > most)
		most = depth;
}

void __cyg_profile_func_exit(void *fn, void *site)
{
	(void)fn, (void)site;
	depth--;
}

static int __attribute__((noinline)) leaf(int *v, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

static int __attribute__((noinline)) middle(int n)
{
	int v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
	return leaf(v, n) + leaf(v + 1, n - 1);
}

int main(void) UNPROFILED;
int main(void)
{
	int r = middle(8);
	printf("%d entries, deepest %d, now %d\n", entries, most, depth);
	printf("%d %d %d\n", r, trail[0] == (void *)middle, trail[1] == (void *)leaf);
	return 0;
}

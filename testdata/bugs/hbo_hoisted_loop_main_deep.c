/* main's dispatch loop past the shadow stack's last slot: main calls
 * itself 300 deep, then calls handlers through a table from a loop whose
 * one call is that call. The loop's site is stored once, before it, and,
 * at that depth, again each time round, as tally's call of abs overwrites
 * the shared slot: main tests the depth once, before the loop (gcc
 * unswitches it), not at each call. TestLeafCallSiteStacks checks that
 * poke's report names the loop's call as its caller. */
#include <stdlib.h>

int *cells;
int total;

static void tally(int i)
{
	total += abs(i - 5);
}

static void poke(int i)
{
	cells[i + 3] = i; // want HEAP-BUFFER-OVERFLOW
}

void (*ops[2])(int) = {tally, poke};

int main(int argc, char **argv)
{
	if (argc < 300)
		return main(argc + 1, argv);
	cells = calloc(4, sizeof *cells);
	for (int i = 0; i < 2; i++)
		ops[i](i);
	free(cells);
	return total == 12345;
}

/* Handlers called through tables from loops whose one call is that call:
 * the loop's frame site is stored once, before it. A frameless handler's
 * report names the loop's call as its caller, in main and in a loop at a
 * depth past the shadow stack's last slot, which every callee there
 * overwrites (tally's call of abs): that loop stores the site again each
 * time round. TestLeafCallSiteStacks checks both stacks. */
#include <stdlib.h>

int *cells;
int total;

static void tally(int i)
{
	total += abs(i - 5);
}

static void peek(int i)
{
	total += cells[i + 3]; // want HEAP-BUFFER-OVERFLOW
}

static void poke(int i)
{
	cells[i + 3] = i; // want HEAP-BUFFER-OVERFLOW
}

void (*shallow[2])(int) = {tally, peek};
void (*deep[2])(int) = {tally, poke};

static void dispatch(void)
{
	for (int i = 0; i < 2; i++)
		deep[i](i);
}

static void descend(int n)
{
	if (n > 0)
		descend(n - 1);
	else
		dispatch();
}

int main(void)
{
	cells = calloc(4, sizeof *cells);
	for (int i = 0; i < 2; i++)
		shallow[i](i);
	descend(300);
	free(cells);
	return total == 12345;
}

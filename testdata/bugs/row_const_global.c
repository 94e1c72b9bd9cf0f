/* Limits live in a const table; a "tuning" function casts the const away
 * and patches an entry. */
#include <stdio.h>

static const int limits[3] = {10, 20, 30};

static void tune(const int *lim, int i, int v)
{
	int *w = (int *)lim;
	w[i] = v; // want READ-ONLY-WRITE
}

int main(void)
{
	tune(limits, 1, 25);
	printf("%d %d %d\n", limits[0], limits[1], limits[2]);
	return 0;
}

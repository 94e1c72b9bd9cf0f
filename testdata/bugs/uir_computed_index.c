/* A value computed from a never-written field is stored and loaded again
 * without complaint; it is reported where it becomes an address. */
#include <stdio.h>
#include <stdlib.h>

struct cell {
	int weight;
	int bucket;
};

static int counts[16];

int main(void)
{
	struct cell *c = malloc(2 * sizeof *c);
	if (!c)
		return 1;
	c[0].weight = 3; /* c[0].bucket and c[1] are never written */
	c[1].bucket = (c[0].bucket * 3 + c[0].weight) & 15;
	int slot = c[1].bucket;
	counts[slot]++; // want full:UNINITIALIZED-READ
	printf("%d\n", counts[0]);
	free(c);
	return 0;
}

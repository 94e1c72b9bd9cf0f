/* A field tested once is tested again after an unset field was copied
 * over it, in place and by a callee: each later test reads an undefined
 * value again, though the first test of it passed. */
#include <stdio.h>
#include <stdlib.h>

struct cell {
	int value;
	int spare; /* never set */
};

static void take_spare(struct cell *c, const struct cell *from)
{
	c->value = from->spare;
}

static int count(struct cell *c, const struct cell *from)
{
	int n = 0;
	if (c->value > 0)
		n++;
	c->value = from->spare;
	if (c->value > 0) // want UNINITIALIZED-READ
		n++;
	c->value = 1;
	if (c->value > 0)
		n++;
	take_spare(c, from);
	if (c->value > 0) // want UNINITIALIZED-READ
		n++;
	return n;
}

int main(void)
{
	struct cell *from = malloc(sizeof *from);
	struct cell c = {1, 2};
	if (from == NULL)
		return 1;
	printf("%d\n", count(&c, from) > 0);
	free(from);
	return 0;
}

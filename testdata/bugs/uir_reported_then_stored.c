/* An unset field is tested (reported), then set and tested again after a
 * call: the store defined it, though the test before it had found it
 * undefined, so the second test reads a defined value. */
#include <stdio.h>
#include <stdlib.h>

struct cell {
	int value;
	int spare;
};

static int calls;

static void note(void)
{
	calls++;
}

static int count(struct cell *c)
{
	int n = 0;
	if (c->value > 0) // want UNINITIALIZED-READ
		n++;
	c->value = 1;
	note();
	if (c->value > 0)
		n++;
	return n;
}

int main(void)
{
	struct cell *c = malloc(sizeof *c);
	if (c == NULL)
		return 1;
	printf("%d\n", count(c) > 0 && calls == 1);
	free(c);
	return 0;
}

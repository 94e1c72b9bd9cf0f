/* Copies carry undefinedness along without a report (struct assignment,
 * initialization from another struct, a result returned): the use, later,
 * is reported. */
#include <stdio.h>

struct opts {
	int level;
	int mode;
};

static int pick(const struct opts *o)
{
	return o->mode == 2 ? 1 : 0;
}

int main(void)
{
	struct opts a;
	a.level = 3;
	struct opts b = a;
	struct opts c;
	c = b;
	printf("%d %d\n", c.level, pick(&c)); // want UNINITIALIZED-READ
	return 0;
}

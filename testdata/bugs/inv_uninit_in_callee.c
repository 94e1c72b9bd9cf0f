/* An uninitialized pointer is passed down; the callee dereferences it
 * (with definedness tracked, a use of an undefined value, as Valgrind
 * says). */
#include <stdio.h>

struct stats {
	long sum;
};

static void add_sample(struct stats *s, long v)
{
	s->sum += v; // want full:UNINITIALIZED-READ INVALID-DEREF
}

int main(int argc, char **argv)
{
	struct stats global = {0};
	struct stats *target;
	if (argc > 2)
		target = &global;
	(void)argv;
	add_sample(target, 10);
	printf("%ld\n", global.sum);
	return 0;
}

/* Statistics are optional; the counter is bumped without checking that the
 * stats object exists. */
#include <stdio.h>
#include <stdlib.h>

struct stats {
	long calls;
	long bytes;
};

struct ctx {
	const char *name;
	struct stats *stats; /* NULL when statistics are disabled */
};

static void process(struct ctx *c, long n)
{
	c->stats->calls++; // want NULL-POINTER-DEREF
	c->stats->bytes += n;
}

int main(void)
{
	struct ctx with = {"with", calloc(1, sizeof(struct stats))};
	struct ctx without = {"without", NULL};
	if (with.stats == NULL)
		return 1;
	process(&with, 100);
	printf("%s: %ld calls, %ld bytes\n", with.name, with.stats->calls, with.stats->bytes);
	process(&without, 100);
	printf("%s: done\n", without.name);
	free(with.stats);
	return 0;
}

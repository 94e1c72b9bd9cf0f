/* A snapshot is taken with memcpy from a buffer that was already released.
 * Checked at the call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct stats {
	long hits, misses, evictions;
	double ratio;
};

static struct stats *current;

static void reset_stats(void)
{
	free(current);
	current = calloc(1, sizeof *current);
	if (current == NULL)
		exit(1);
}

int main(void)
{
	reset_stats();
	current->hits = 90;
	current->misses = 10;
	current->ratio = 0.9;
	struct stats *before = current; /* meant to be a copy */
	reset_stats();
	struct stats snap;
	memcpy(&snap, before, sizeof snap); // want DANGLING-POINTER-DEREF
	printf("snapshot: %ld hits, now %ld\n", snap.hits, current->hits);
	free(current);
	return 0;
}

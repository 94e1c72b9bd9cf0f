/* A configuration's verbose flag is never set: the record is copied into
 * a second one, which a helper copies again into a heap object; the flag
 * is read from there. The chain follows the copies back to the record
 * declared without an initializer. */
#include <stdio.h>
#include <stdlib.h>

struct config {
	int level;
	int verbose;
	const char *name;
};

static void apply(const struct config *in, struct config *out)
{
	*out = *in; // want full:chain:UNINITIALIZED-READ
}

int main(void)
{
	struct config base; // want full:origin:UNINITIALIZED-READ
	base.level = 3;
	base.name = "default";
	struct config copy = base; // want full:chain:UNINITIALIZED-READ
	struct config *active = malloc(sizeof *active);
	if (active == NULL)
		return 1;
	apply(&copy, active);
	int v = active->verbose; // want full:chain:UNINITIALIZED-READ
	if (v > 0) // want full:UNINITIALIZED-READ
		puts("verbose");
	printf("level %d\n", active->level);
	free(active);
	return 0;
}

/* A selection whose arm calls a function needs a branch: its undefined
 * condition decides there, though the result is only stored. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct opts {
	int quoted;
	const char *name;
};

int main(void)
{
	struct opts *o = malloc(sizeof *o);
	if (!o)
		return 1;
	o->name = "label"; /* quoted never set */
	size_t width = o->quoted ? strlen(o->name) + 2 : 0; // want full:UNINITIALIZED-READ
	o->quoted = 0;
	printf("%zu\n", width);
	free(o);
	return 0;
}

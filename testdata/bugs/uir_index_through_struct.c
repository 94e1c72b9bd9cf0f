/* An index read from a struct member that was never set. */
#include <stdio.h>
#include <stdlib.h>

struct req {
	int kind;
	int slot;
};

static const char *names[4] = {"a", "b", "c", "d"};

int main(void)
{
	struct req *r = malloc(sizeof *r);
	r->kind = 1;
	puts(names[r->slot & 3]); // want UNINITIALIZED-READ
	free(r);
	return 0;
}

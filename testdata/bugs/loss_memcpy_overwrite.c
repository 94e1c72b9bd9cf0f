/* A struct copy overwrites the destination's pointer to its own buffer. */
#include <stdlib.h>
#include <string.h>

struct pair { char *name; int id; };

int main(void)
{
	struct pair *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	a->name = malloc(10); // want alloc:MEMORY-LEAK
	b->name = malloc(20);
	a->id = 1, b->id = 2;
	memcpy(a, b, sizeof *a); // want full:MEMORY-LEAK
	free(b->name);
	free(a);
	free(b);
	return 0;
}

/* A block that points to itself keeps its own count at one: dropping the
 * last outside pointer still loses it. */
#include <stdio.h>
#include <stdlib.h>

struct obj { struct obj *self; int id; };

int main(void)
{
	struct obj *o = malloc(sizeof *o); // want alloc:MEMORY-LEAK
	o->self = o;
	o->id = 7;
	printf("%d\n", o->self->id);
	o = malloc(sizeof *o); // want full:MEMORY-LEAK
	o->self = NULL;
	free(o);
	return 0;
}

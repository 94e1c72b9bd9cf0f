/* A struct field holding the only pointer is cleared. */
#include <stdlib.h>

struct msg { char *body; int len; };

int main(void)
{
	struct msg *m = malloc(sizeof *m);
	m->body = malloc(64); // want alloc:MEMORY-LEAK
	m->len = 64;
	m->body = NULL; // want full:MEMORY-LEAK
	free(m);
	return 0;
}

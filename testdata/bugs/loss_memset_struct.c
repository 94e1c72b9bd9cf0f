/* memset over a struct wipes the only pointer to its buffer. */
#include <stdlib.h>
#include <string.h>

struct conn { char *rx; int fd; };

int main(void)
{
	struct conn *c = malloc(sizeof *c);
	c->rx = malloc(512); // want alloc:MEMORY-LEAK
	c->fd = 3;
	memset(c, 0, sizeof *c); // want full:MEMORY-LEAK
	free(c);
	return 0;
}

/* A heap struct with a field nobody set: the callee branches on it. */
#include <stdio.h>
#include <stdlib.h>

struct conn {
	int fd;
	int retries;
	int timeout;
};

static int should_retry(const struct conn *c)
{
	if (c->retries > 0) // want UNINITIALIZED-READ
		return 1;
	return 0;
}

int main(void)
{
	struct conn *c = malloc(sizeof *c);
	c->fd = 3;
	c->timeout = 10;
	printf("%d\n", should_retry(c) ? 1 : 0);
	free(c);
	return 0;
}

// memlens:options leak_check=exit
/* A record is destroyed by freeing the struct only: its name and its
 * buffer lose their last pointer with it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct conn {
	char *peer;
	char *inbuf;
	int fd;
};

static struct conn *conn_open(const char *peer, int fd)
{
	struct conn *c = malloc(sizeof *c);
	c->peer = malloc(strlen(peer) + 1); // want MEMORY-LEAK
	strcpy(c->peer, peer);
	c->inbuf = calloc(1, 256); // want MEMORY-LEAK
	c->fd = fd;
	return c;
}

static void conn_close(struct conn *c)
{
	free(c); /* the members are forgotten */
}

int main(void)
{
	struct conn *c = conn_open("10.0.0.7:443", 3);
	printf("%s %d\n", c->peer, c->fd);
	conn_close(c);
	return 0;
}

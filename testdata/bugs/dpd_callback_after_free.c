/* An object is closed (freed) by one of its own handlers, and the event
 * loop then reads the next handler from the freed object. */
#include <stdio.h>
#include <stdlib.h>

struct conn;
typedef void handler(struct conn *);

struct conn {
	int fd;
	int events;
	handler *on_data;
	handler *on_close;
};

static void on_data(struct conn *c)
{
	c->events++;
	printf("conn %d: data (event %d)\n", c->fd, c->events);
}

static void on_close(struct conn *c)
{
	printf("conn %d: closed after %d events\n", c->fd, c->events);
	free(c);
}

int main(void)
{
	struct conn *c = malloc(sizeof *c);
	if (c == NULL)
		return 1;
	c->fd = 3;
	c->events = 0;
	c->on_data = on_data;
	c->on_close = on_close;
	const char *script = "ddc";
	for (const char *e = script; *e != '\0'; e++) {
		if (*e == 'd')
			c->on_data(c);
		else
			c->on_close(c);
	}
	handler *h = c->on_data; // want DANGLING-POINTER-DEREF
	printf("handler still set: %s\n", h != NULL ? "yes" : "no");
	return 0;
}

/* setup() registers a callback whose context is a struct local to setup;
 * the event loop later calls the callback, which writes the dead context. */
#include <stdio.h>

struct counter {
	int hits;
	const char *label;
};

typedef void (*handler)(void *ctx);
static handler handlers[4];
static void *contexts[4];
static int nhandlers;

static void on_event(void *ctx)
{
	struct counter *c = ctx;
	c->hits++; // want USE-AFTER-RETURN
}

static void setup(void)
{
	struct counter c = {0, "clicks"};
	handlers[nhandlers] = on_event;
	contexts[nhandlers++] = &c;
	printf("registered %s\n", c.label);
}

int main(void)
{
	setup();
	for (int i = 0; i < nhandlers; i++)
		handlers[i](contexts[i]);
	printf("done\n");
	return 0;
}

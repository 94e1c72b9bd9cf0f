/* Two names for one buffer: the config keeps a pointer to the current
 * title, the title is replaced (old buffer freed) and the stale alias is
 * read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct config {
	char *title;
};

static void set_title(struct config *c, const char *t)
{
	free(c->title);
	c->title = malloc(strlen(t) + 1);
	if (c->title == NULL)
		exit(1);
	strcpy(c->title, t);
}

int main(void)
{
	struct config c = {NULL};
	set_title(&c, "Draft");
	char *shown = c.title; /* alias used by the "window" */
	printf("window shows %s\n", shown);
	set_title(&c, "Final report");
	printf("config says %s\n", c.title);
	char first = shown[0]; // want DANGLING-POINTER-DEREF
	printf("window title starts with %c\n", first);
	free(c.title);
	return 0;
}

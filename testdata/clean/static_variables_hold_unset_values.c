/* Values never set are copied into variables of static storage (a file
 * global, a static local, a thread-local, an external one, a struct's
 * member and an array's element) and copied on from there, but never used:
 * a copy is no use, wherever it is kept (Valgrind says nothing either).
 * The variables are given set values before anything branches on them. */
#include <stdio.h>
#include <stdlib.h>

struct settings {
	int width, height;
};

static int last_width;
static struct settings current;
static int history[4];
_Thread_local int thread_width;
int exported_height;

static void remember(int w, int *was)
{
	static int previous;
	*was = previous;
	previous = w;
}

int main(int argc, char **argv)
{
	struct settings *s = malloc(sizeof *s);
	if (s == NULL)
		return 1;
	s->width = argc; /* height is never set */
	last_width = s->height;
	current.height = s->height;
	history[argc] = s->height;
	thread_width = s->height;
	exported_height = current.height;
	int copy;
	remember(s->height, &copy);
	remember(copy, &copy);
	struct settings saved = current;
	(void)saved;
	last_width = current.height = history[argc] = thread_width = exported_height = 7;
	printf("%d %d %d %d %d %d\n", s->width, last_width, current.height, history[argc], thread_width,
	       exported_height);
	free(s);
	return 0;
}

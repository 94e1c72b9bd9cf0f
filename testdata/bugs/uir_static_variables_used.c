/* Values never set, kept in variables of static storage, are reported
 * where they are used, not where they are stored: a file global, a struct
 * member of one, an array element, a thread-local and a static local
 * (returned, and used where the caller tests the result). */
#include <stdio.h>
#include <stdlib.h>

struct settings {
	int width, height;
};

static int last_width;
static struct settings current;
static int history[4];
_Thread_local int thread_width;

static int remember(int w)
{
	static int previous;
	int was = previous;
	previous = w;
	return was;
}

int main(int argc, char **argv)
{
	struct settings *s = malloc(sizeof *s); // want full:origin:UNINITIALIZED-READ
	if (s == NULL)
		return 1;
	s->width = argc;
	last_width = s->height;
	current.height = s->height;
	history[argc] = s->height;
	thread_width = s->height;
	remember(s->height);
	if (last_width > 3) // want full:UNINITIALIZED-READ
		puts("wide");
	if (current.height > 3) // want full:UNINITIALIZED-READ
		puts("tall");
	printf("%d\n", history[argc] * 2); // want full:UNINITIALIZED-READ
	if (thread_width) // want full:UNINITIALIZED-READ
		puts("thread");
	if (remember(0)) // want full:UNINITIALIZED-READ
		puts("remembered");
	free(s);
	return 0;
}

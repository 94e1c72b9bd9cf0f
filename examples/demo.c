/* demo.c: a small program with a classic off-by-one.
 *
 *   memlens cc -g -O1 -o demo examples/demo.c && ./demo
 *
 * copy_name() allocates strlen(name) bytes and forgets the terminating NUL;
 * memlens reports the strcpy that writes that NUL before it runs, and names
 * the block, where it was allocated and the call stack. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct user {
	char *name;
	int id;
};

static char *copy_name(const char *name)
{
	char *s = malloc(strlen(name)); /* one byte short */
	strcpy(s, name);
	return s;
}

static struct user *new_user(const char *name, int id)
{
	struct user *u = malloc(sizeof *u);
	u->name = copy_name(name);
	u->id = id;
	return u;
}

int main(void)
{
	struct user *u = new_user("ada", 1);
	printf("user %d: %s\n", u->id, u->name);
	free(u->name);
	free(u);
	return 0;
}

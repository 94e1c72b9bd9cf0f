/* A wrapper allocates strlen(s) bytes for a copy of s (no room for the
 * terminator) and returns it; the caller keeps it in a record and copies
 * into it later. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct user {
	int id;
	char *name;
};

static char *xmalloc(size_t n)
{
	char *p = malloc(n); // want origin:HEAP-BUFFER-OVERFLOW
	if (p == NULL)
		abort();
	return p; // want chain:HEAP-BUFFER-OVERFLOW
}

static void user_init(struct user *u, int id, const char *name)
{
	u->id = id;
	u->name = xmalloc(strlen(name)); /* strlen(name) + 1 */ // want chain:HEAP-BUFFER-OVERFLOW
}

static void user_set_name(struct user *u, const char *name)
{
	char *dst = u->name; // want chain:HEAP-BUFFER-OVERFLOW
	strcpy(dst, name); // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	struct user u;
	user_init(&u, 7, "grace");
	user_set_name(&u, "grace");
	printf("%d %.5s\n", u.id, u.name);
	free(u.name);
	return 0;
}

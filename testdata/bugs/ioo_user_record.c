/* The classic: a name copied byte by byte into a fixed field runs into the
 * flag after it. The write stays inside the heap block, so only the
 * member's own bound catches it. */
#include <stdio.h>
#include <stdlib.h>

struct user {
	char name[8];
	int is_admin;
	int uid;
};

static void set_name(struct user *u, const char *s)
{
	int i = 0;
	for (; s[i]; i++)
		u->name[i] = s[i]; // want INTRA-OBJECT-OVERFLOW
	u->name[i] = '\0'; // want INTRA-OBJECT-OVERFLOW
}

int main(void)
{
	struct user *u = calloc(1, sizeof *u);
	set_name(u, "mallory!!");
	printf("admin=%d\n", u->is_admin != 0);
	free(u);
	return 0;
}

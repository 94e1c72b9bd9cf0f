/* A name defaults to a string literal when no name was given, and the
 * cleanup frees it as if it were always heap-allocated. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct user {
	char *name;
	int uid;
};

static void user_init(struct user *u, const char *name, int uid)
{
	u->uid = uid;
	if (name != NULL) {
		u->name = malloc(strlen(name) + 1);
		if (u->name == NULL)
			exit(1);
		strcpy(u->name, name);
	} else {
		u->name = (char *)"anonymous";
	}
}

int main(void)
{
	struct user users[2];
	user_init(&users[0], "ken", 1);
	user_init(&users[1], NULL, 2);
	for (int i = 0; i < 2; i++) {
		printf("%d: %s\n", users[i].uid, users[i].name);
		free(users[i].name); // want UNMATCHED-FREE
	}
	return 0;
}

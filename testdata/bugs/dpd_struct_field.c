/* A session keeps a pointer to its user; logging the user out frees the
 * user record but leaves session->user dangling. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct user {
	char name[24];
	int id;
	int logins;
};

struct session {
	struct user *user;
	int requests;
};

static struct user *user_new(const char *name, int id)
{
	struct user *u = calloc(1, sizeof *u);
	if (u == NULL)
		exit(1);
	strncpy(u->name, name, sizeof u->name - 1);
	u->id = id;
	return u;
}

static void logout(struct user *u)
{
	printf("bye, %s\n", u->name);
	free(u);
}

int main(void)
{
	struct session s = {user_new("grace", 7), 0};
	s.requests++;
	printf("request %d by user %d\n", s.requests, s.user->id);
	logout(s.user);
	s.requests++;
	int id = s.user->id; // want DANGLING-POINTER-DEREF
	printf("request %d by user %d\n", s.requests, id);
	return 0;
}

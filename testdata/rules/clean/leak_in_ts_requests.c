/* memlens:rules transactions.rules
 *
 * A server opens a session for each request and closes it when the
 * request is done, keep-alive or not: every transaction frees what it
 * allocated. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct session {
	int id;
	char *user;
	struct session *next;
};

static struct session *sessions;

static struct session *open_session(int id, const char *user)
{
	struct session *s = malloc(sizeof *s);
	s->id = id;
	s->user = strdup(user);
	s->next = sessions;
	sessions = s;
	return s;
}

static void close_session(struct session *s)
{
	struct session **p = &sessions;
	while (*p != s)
		p = &(*p)->next;
	*p = s->next;
	free(s->user);
	free(s);
}

static int handle_request(int id, const char *user, int keepalive)
{
	struct session *s = open_session(id, user);
	char *reply = malloc(64);
	snprintf(reply, 64, "hello %s (#%d)", s->user, s->id);
	int n = (int)strlen(reply);
	printf("%s\n", reply);
	free(reply);
	if (keepalive)
		printf("(kept alive)\n");
	close_session(s);
	return n;
}

int main(void)
{
	static const char *users[] = {"ada", "bob", "cy", "dee"};
	int total = 0;
	for (int i = 0; i < 4; i++)
		total += handle_request(i, users[i], i == 2);
	printf("%d bytes\n", total);
	while (sessions)
		close_session(sessions);
	return 0;
}

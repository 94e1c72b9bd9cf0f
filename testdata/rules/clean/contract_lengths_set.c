/* memlens:rules unset_length.rules
 *
 * The messages of rules/bugs/contract_unset_length, make_ping setting the
 * length of its empty body: every message sent has its length written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct msg {
	int kind;
	int flags;
	size_t len;
	char body[16];
};

static char wire[256];
static size_t used;

static void send_msg(const struct msg *m)
{
	memcpy(wire + used, m, sizeof *m);
	used += sizeof *m;
}

static struct msg *make_text(const char *text)
{
	struct msg *m = malloc(sizeof *m);
	m->kind = 1;
	m->flags = 0;
	m->len = strlen(text);
	strncpy(m->body, text, sizeof m->body);
	return m;
}

static struct msg *make_ping(void)
{
	struct msg *m = malloc(sizeof *m);
	m->kind = 2;
	m->flags = 0;
	m->len = 0;
	memset(m->body, 0, sizeof m->body);
	return m;
}

int main(void)
{
	struct msg *a = make_text("hello"), *b = make_ping();
	send_msg(a);
	send_msg(b);
	printf("%zu bytes on the wire, first kind %d\n", used, wire[0]);
	free(a);
	free(b);
	return 0;
}

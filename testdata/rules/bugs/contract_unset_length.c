/* memlens:rules unset_length.rules
 *
 * Messages are built on the heap and copied to the wire by send_msg. A
 * ping has no body, and make_ping never sets its length: the wire gets
 * whatever the allocator left there (SEND-UNSET-LENGTH at the call, in
 * detection mode too: the rule asks of writes, so memlens keeps them). */
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
	memset(m->body, 0, sizeof m->body);
	return m;
}

int main(void)
{
	struct msg *a = make_text("hello"), *b = make_ping();
	send_msg(a);
	send_msg(b); // want SEND-UNSET-LENGTH
	printf("%zu bytes on the wire, first kind %d\n", used, wire[0]);
	free(a);
	free(b);
	return 0;
}

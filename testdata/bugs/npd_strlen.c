/* An optional setting is absent (NULL) and its length is taken with strlen.
 * Checked at the call. */
#include <stdio.h>
#include <string.h>

struct settings {
	const char *user;
	const char *proxy; /* optional */
};

static size_t header_size(const struct settings *s)
{
	size_t n = strlen("User: ") + strlen(s->user);
	n += strlen("Proxy: ") + strlen(s->proxy); // want NULL-POINTER-DEREF
	return n;
}

int main(int argc, char **argv)
{
	struct settings s = {"alice", argc > 1 ? argv[1] : NULL};
	printf("user %s\n", s.user);
	printf("header size %zu\n", header_size(&s));
	return 0;
}

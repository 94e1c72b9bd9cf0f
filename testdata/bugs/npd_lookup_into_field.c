/* A configuration lookup returns NULL for a missing key; the request keeps
 * the result in a field, a later step copies it into a local and hands it
 * to a helper, which measures it. The chain leads from strlen back to the
 * lookup's return NULL. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
	const char *key;
	const char *value;
};

struct request {
	const char *host;
	int port;
};

static const char *lookup(const struct entry *cfg, int n, const char *key)
{
	for (int i = 0; i < n; i++)
		if (strcmp(cfg[i].key, key) == 0)
			return cfg[i].value;
	return NULL; // want origin:NULL-POINTER-DEREF
}

static void fill(struct request *r, const struct entry *cfg, int n)
{
	r->host = lookup(cfg, n, "host"); // want chain:NULL-POINTER-DEREF
	r->port = 80;
}

static size_t host_len(const char *h)
{
	return strlen(h); // want NULL-POINTER-DEREF
}

static void connect_to(const struct request *r)
{
	const char *h = r->host; // want chain:NULL-POINTER-DEREF
	printf("%zu bytes of host name, port %d\n", host_len(h), r->port); // want chain:NULL-POINTER-DEREF
}

int main(void)
{
	const struct entry cfg[] = {{"port", "8080"}, {"user", "www"}};
	struct request *req = malloc(sizeof *req);
	if (req == NULL)
		return 1;
	fill(req, cfg, 2);
	connect_to(req);
	free(req);
	return 0;
}

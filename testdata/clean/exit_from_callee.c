/* memlens:exit 3
 *
 * A validation failure deep in the call chain calls exit(3). atexit
 * handlers run and stdout is flushed; everything allocated was released
 * before exiting. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *config;

static void release(void)
{
	printf("atexit: releasing config\n");
	free(config);
	config = NULL;
}

static void last_words(void)
{
	printf("atexit: goodbye\n");
}

static void fail(const char *why)
{
	fprintf(stderr, "fatal: %s\n", why);
	exit(3);
}

static int check_port(const char *value)
{
	char *end;
	long port = strtol(value, &end, 10);
	if (*end != '\0' || port <= 0 || port > 65535)
		fail("port out of range");
	return (int)port;
}

static void apply(const char *key, const char *value)
{
	if (strcmp(key, "port") == 0)
		printf("port %d\n", check_port(value));
	else
		printf("%s = %s\n", key, value);
}

int main(void)
{
	atexit(last_words);
	atexit(release);
	config = strdup("name=demo;port=8080;port=99999;color=blue");
	if (config == NULL)
		return 1;
	char *copy = strdup(config);
	if (copy == NULL)
		return 1;
	char *items[8];
	int n = 0;
	for (char *save, *tok = strtok_r(copy, ";", &save); tok != NULL && n < 8; tok = strtok_r(NULL, ";", &save))
		items[n++] = tok;
	char keys[8][16], values[8][16];
	for (int i = 0; i < n; i++) {
		char *eq = strchr(items[i], '=');
		snprintf(keys[i], sizeof keys[i], "%.*s", (int)(eq - items[i]), items[i]);
		snprintf(values[i], sizeof values[i], "%s", eq + 1);
	}
	free(copy); /* nothing on the heap but config from here on */
	for (int i = 0; i < n; i++)
		apply(keys[i], values[i]);
	printf("not reached\n");
	return 0;
}

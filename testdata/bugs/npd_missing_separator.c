/* A "host:port" parser trusts that the colon is there: strchr returns NULL
 * for "localhost", the port pointer is NULL + 1, and reading it faults.
 * The chain ends where strchr returned the NULL. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_port(const char *spec)
{
	const char *colon = strchr(spec, ':'); // want chain:NULL-POINTER-DEREF origin:NULL-POINTER-DEREF
	const char *digits = colon + 1; // want chain:NULL-POINTER-DEREF
	int port = 0;
	while (*digits >= '0' && *digits <= '9') // want NULL-POINTER-DEREF
		port = port * 10 + (*digits++ - '0');
	return port;
}

int main(void)
{
	printf("%d\n", parse_port("example.org:8080"));
	printf("%d\n", parse_port("localhost"));
	return 0;
}

/* memlens:rules contract.rules
 *
 * copy_name(dst, len, src) writes at most len bytes into dst; every
 * caller passes the size of the buffer it gives, whether on the heap or a
 * local. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NICK 16

static size_t copy_name(char *dst, size_t len, const char *src)
{
	size_t i = 0;
	for (; i + 1 < len && src[i]; i++)
		dst[i] = src[i];
	dst[i] = 0;
	return i;
}

int main(void)
{
	char *nick = malloc(NICK);
	char *alias = malloc(NICK);
	char local[8];
	size_t n = copy_name(nick, NICK, "ada");
	n += copy_name(local, sizeof local, "bob");
	n += copy_name(alias, NICK, "cy");
	printf("%s %s %s: %zu\n", nick, local, alias, n);
	free(nick);
	free(alias);
	return 0;
}

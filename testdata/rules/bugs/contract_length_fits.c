/* memlens:rules contract.rules
 *
 * copy_name(dst, len, src) writes at most len bytes into dst. The nick
 * buffers shrank from 32 to 16 bytes, but one caller still passes 32: with
 * today's short names nothing overflows, yet the call breaks the contract
 * (LENGTH-FITS-BUFFER, at the call: a longer name would overflow). */
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
	n += copy_name(alias, 32, "cy"); // want LENGTH-FITS-BUFFER
	printf("%s %s %s: %zu\n", nick, local, alias, n);
	free(nick);
	free(alias);
	return 0;
}

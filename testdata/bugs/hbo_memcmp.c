/* Keys are compared with the length of the longest key: memcmp reads past
 * the end of the shorter (12-byte) key block. Checked at the call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEY_MAX 16

static char *make_key(const char *text, size_t len)
{
	char *k = malloc(len);
	if (k == NULL)
		exit(1);
	memcpy(k, text, len);
	return k;
}

int main(void)
{
	char *a = make_key("session-0001-extra", KEY_MAX);
	char *b = make_key("session-0001", 12);
	int same = memcmp(a, b, KEY_MAX) == 0; // want HEAP-BUFFER-OVERFLOW
	printf("keys %s\n", same ? "match" : "differ");
	free(a);
	free(b);
	return 0;
}

/* An 8-byte block holds an upper-case keyword without terminator;
 * strcasecmp against the lower-case spelling of a longer word finds the
 * eight bytes equal but for case and reads the 9th. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int main(void)
{
	char *kw = malloc(8);
	if (kw == NULL)
		return 1;
	memcpy(kw, "INTERVAL", 8);
	int lt = strncasecmp(kw, "interval", 8) == 0;
	int eq = strcasecmp(kw, "intervals") == 0; // want HEAP-BUFFER-OVERFLOW
	printf("%d %d\n", lt, eq);
	free(kw);
	return 0;
}

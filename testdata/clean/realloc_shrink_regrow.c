/* A line buffer sized generously, shrunk to fit in place, grown again
 * (Lua's line reader does the like). The tail the shrink gave back goes
 * to libc, which fills it without instrumented stores (here the string
 * asprintf builds): it must read as written. The regrown block is read
 * only where the program wrote it again. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *line = malloc(16384);
	if (!line)
		return 1;
	strcpy(line, "first");
	char *fit = realloc(line, strlen(line) + 1);
	if (!fit)
		return 1;
	line = fit;

	char *text;
	if (asprintf(&text, "%s, then %0200d", line, 42) < 0)
		return 1;
	int zeros = 0;
	for (const char *p = text; *p; p++)
		zeros += *p == '0';

	char *grown = realloc(line, 64);
	if (!grown)
		return 1;
	line = grown;
	strcat(line, " and second");
	printf("%s: %d zeros in %zu bytes\n", line, zeros, strlen(text));
	free(text);
	free(line);
	return 0;
}

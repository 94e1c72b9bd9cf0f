/* memlens:stdin getline_stdin.txt
 *
 * Reads stdin with getline: strips newlines, skips comments, parses
 * key = value lines with strchr, counts words with strtok and finds lines
 * mentioning "memory" with strstr. */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	char *end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

int main(void)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int lineno = 0, words = 0, pairs = 0, longest = 0;
	while ((n = getline(&line, &cap, stdin)) != -1) {
		lineno++;
		if (n > longest)
			longest = (int)n;
		if (n > 0 && line[n - 1] == '\n')
			line[--n] = '\0';
		char *t = trim(line);
		if (*t == '\0' || *t == '#')
			continue;
		if (strstr(t, "memory") != NULL)
			printf("%d mentions memory: %s\n", lineno, t);
		char *eq = strchr(t, '=');
		if (eq != NULL) {
			*eq = '\0';
			printf("%d: key '%s' value '%s'\n", lineno, trim(t), trim(eq + 1));
			pairs++;
			continue;
		}
		for (char *w = strtok(t, " \t,.;"); w != NULL; w = strtok(NULL, " \t,.;"))
			words++;
	}
	free(line);
	printf("%d lines, %d pairs, %d words, longest %d bytes\n", lineno, pairs, words, longest);
	return 0;
}

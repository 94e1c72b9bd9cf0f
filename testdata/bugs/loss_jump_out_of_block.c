/* break, continue and goto leave blocks: the pointer locals declared in
 * them leave scope at the jump, not when the function returns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int find(const char *const *words, int n, const char *w)
{
	int at = -1;
	for (int i = 0; i < n; i++) {
		char *copy = strdup(words[i]); // want alloc:MEMORY-LEAK
		if (strcmp(copy, w) == 0) {
			at = i;
			break; // want full:MEMORY-LEAK
		}
		free(copy);
	}
	return at;
}

static int count_long(const char *const *words, int n)
{
	int c = 0;
	for (int i = 0; i < n; i++) {
		char *buf = malloc(64); // want alloc:MEMORY-LEAK
		snprintf(buf, 64, "%s", words[i]);
		if (strlen(buf) < 5)
			continue; // want full:MEMORY-LEAK
		c++;
		free(buf);
	}
	return c;
}

static int parse(const char *s)
{
	int v = 0;
	{
		char *tmp = malloc(strlen(s) + 1); // want alloc:MEMORY-LEAK
		strcpy(tmp, s);
		if (tmp[0] == '-')
			goto bad; // want full:MEMORY-LEAK
		v = atoi(tmp);
		free(tmp);
	}
	printf("parsed %d\n", v);
	return v;
bad:
	puts("negative");
	return -1;
}

int main(void)
{
	const char *words[] = {"apple", "fig", "banana", "kiwi"};
	printf("%d\n", find(words, 4, "banana"));
	printf("%d\n", count_long(words, 4));
	printf("%d %d\n", parse("42"), parse("-1"));
	return 0;
}

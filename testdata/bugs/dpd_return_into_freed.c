/* trim() works on a temporary copy, frees it and returns a pointer into it. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *trim(const char *s)
{
	size_t n = strlen(s);
	char *tmp = malloc(n + 1);
	if (tmp == NULL)
		exit(1);
	memcpy(tmp, s, n + 1);
	char *p = tmp;
	while (isspace((unsigned char)*p))
		p++;
	char *end = p + strlen(p);
	while (end > p && isspace((unsigned char)end[-1]))
		*--end = '\0';
	free(tmp);
	return p;
}

int main(void)
{
	const char *t = trim("   hello world   ");
	char c = t[0]; // want DANGLING-POINTER-DEREF
	printf("trimmed text starts with '%c'\n", c);
	return 0;
}

/* A name copied with memcpy without its terminator is printed with %s:
 * printf reads past the end of the block looking for the NUL. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *copy_name(const char *name)
{
	size_t n = strlen(name);
	char *s = malloc(n);
	if (s == NULL)
		exit(1);
	memcpy(s, name, n); /* no room was made for the NUL */
	return s;
}

int main(void)
{
	char *s = copy_name("grace");
	printf("hello, %s!\n", s); // want HEAP-BUFFER-OVERFLOW
	free(s);
	return 0;
}

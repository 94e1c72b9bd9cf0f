/* An error path returns without freeing the buffer. */
#include <stdio.h>
#include <stdlib.h>

static int parse(const char *s)
{
	char *copy = malloc(32); // want alloc:MEMORY-LEAK
	if (s[0] != '#')
		return -1; // want full:MEMORY-LEAK
	snprintf(copy, 32, "%s", s);
	free(copy);
	return 0;
}

int main(void)
{
	printf("%d\n", parse("#ok"));
	printf("%d\n", parse("bad"));
	return 0;
}

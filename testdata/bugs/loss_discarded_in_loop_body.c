/* A result dropped by the unbraced body of a loop is lost at that
 * statement, each time round, not at the end of the loop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *copy_of(const char *s)
{
	char *c = malloc(strlen(s) + 1); // want alloc:MEMORY-LEAK
	strcpy(c, s);
	return c;
}

int main(void)
{
	const char *words[] = {"one", "two", "three"};
	for (int i = 0; i < 3; i++)
		copy_of(words[i]); // want full:MEMORY-LEAK
	puts("copied");
	return 0;
}

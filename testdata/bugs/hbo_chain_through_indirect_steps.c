/* A scanner moves its cursor with a stepping function it is handed, called
 * through a pointer parameter (as Lua calls its C functions), and returns
 * the cursor from a local; it moves one character too far and writes the
 * terminator past the block. The chain follows the cursor through the
 * calls through the pointer and the returned local. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *next(char *p)
{
	return p + 1; // want chain:HEAP-BUFFER-OVERFLOW
}

static char *advance(char *(*step)(char *), char *p, size_t n)
{
	char *q = p; // want chain:HEAP-BUFFER-OVERFLOW
	while (n--)
		q = (*step)(q); // want chain:HEAP-BUFFER-OVERFLOW
	return q; // want chain:HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	char *word = malloc(4); // want origin:HEAP-BUFFER-OVERFLOW
	if (word == NULL)
		return 1;
	memcpy(word, "abc", 4);
	char *end = advance(next, word, strlen("abcd")); // want chain:HEAP-BUFFER-OVERFLOW
	*end = '\0'; // want HEAP-BUFFER-OVERFLOW
	printf("%s\n", word);
	free(word);
	return 0;
}

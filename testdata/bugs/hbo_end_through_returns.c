/* A scanner finds the end of a word by handing its cursor to helpers that
 * return it moved on, one call per character; it counts one character too
 * many and writes the terminator past the block. The chain follows the
 * cursor through every return and argument back to the allocation: steps
 * of a returned parameter, of a returned call, of a call's result
 * assigned, and of a pointer passed as it was made. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *after(char *p)
{
	return p + 1; // want chain:HEAP-BUFFER-OVERFLOW
}

static char *end_of(char *p, size_t n)
{
	if (n == 0)
		return p; // want chain:HEAP-BUFFER-OVERFLOW
	return end_of(after(p), n - 1); // want chain:HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	char *word = malloc(4); // want origin:HEAP-BUFFER-OVERFLOW
	if (word == NULL)
		return 1;
	memcpy(word, "abc", 4);
	char *end = end_of(word, strlen("abcd")); // want chain:HEAP-BUFFER-OVERFLOW
	*end = '\0'; // want HEAP-BUFFER-OVERFLOW
	printf("%s\n", word);
	free(word);
	return 0;
}

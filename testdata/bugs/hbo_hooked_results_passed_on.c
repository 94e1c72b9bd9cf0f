/* A text scanner reaches a word's characters through a hook (a call
 * through a function pointer) and hands two such results on at once to a
 * helper picking the later one; the second asks for a character past the
 * word, and the terminator lands past the block. The chain follows the
 * pointer from the allocation through the hook's return, the result
 * passed on as an argument among others and the helper's return. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *nth(char *word, size_t n)
{
	return word + n; // want chain:HEAP-BUFFER-OVERFLOW
}

static char *(*volatile at)(char *, size_t) = nth;

static char *later(char *a, char *b)
{
	return a > b ? a : b; // want chain:HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	char *word = malloc(4); // want origin:HEAP-BUFFER-OVERFLOW
	if (word == NULL)
		return 1;
	memcpy(word, "abc", 4);
	char *end = later(at(word, 1), at(word, strlen("abcd"))); // want chain:HEAP-BUFFER-OVERFLOW
	*end = '\0'; // want HEAP-BUFFER-OVERFLOW
	printf("%s\n", word);
	free(word);
	return 0;
}

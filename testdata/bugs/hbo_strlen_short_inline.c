/* Lengths of words measured in a loop (hash.c's make_word: `sl =
 * strlen(s)` of each piece): memlens scans a string that ends within 16
 * bytes of its block inline and calls the runtime's strlen for any other.
 * A word without its NUL at the end of its heap block, a freed word, and
 * words longer than 16 bytes, which the runtime scans. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t total(char *const *words, int n)
{
	size_t sum = 0;
	for (int i = 0; i < n; i++)
		sum += strlen(words[i]); // want HEAP-BUFFER-OVERFLOW DANGLING-POINTER-DEREF
	return sum;
}

int main(void)
{
	char *words[3] = {"ka", "a word longer than sixteen bytes", NULL};
	char *unterminated = malloc(24);
	if (unterminated == NULL)
		return 1;
	memset(unterminated, 'x', 24);
	words[2] = unterminated;
	printf("%zu\n", total(words, 2));
	total(words, 3);

	char *freed = strdup("gone");
	if (freed == NULL)
		return 1;
	free(freed);
	words[2] = freed;
	total(words, 3);
	free(unterminated);
	return 0;
}

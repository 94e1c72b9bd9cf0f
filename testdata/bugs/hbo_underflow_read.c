/* Strings were meant to be stored with a length byte in front of them
 * (Pascal style), but the table stores plain C strings: reading s[-1] reads
 * the byte before the heap block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t stored_length(const char *s)
{
	return (unsigned char)s[-1]; // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	const char *words[] = {"alpha", "beta", "gamma"};
	char *table[3];
	for (int i = 0; i < 3; i++) {
		table[i] = malloc(strlen(words[i]) + 1);
		if (table[i] == NULL)
			return 1;
		strcpy(table[i], words[i]);
		printf("stored %s\n", table[i]);
	}
	printf("length of %s: %zu\n", table[1], stored_length(table[1]));
	for (int i = 0; i < 3; i++)
		free(table[i]);
	return 0;
}

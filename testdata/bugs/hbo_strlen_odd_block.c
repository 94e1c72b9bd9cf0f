/* A 13-byte block is filled with 13 characters and no terminator: strlen
 * finds no NUL in it and reads the 14th byte. strnlen bounded by the block
 * stays inside: no report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *line = malloc(13);
	if (line == NULL)
		return 1;
	memset(line, '=', 13);
	size_t inside = strnlen(line, 13);
	size_t n = strlen(line); // want HEAP-BUFFER-OVERFLOW
	printf("%zu %zu\n", inside, n);
	free(line);
	return 0;
}

/* A loop-invariant strlen of a string without its terminator: optimised,
 * gcc calls it once for the loop (memlens's pure entry), and the overflow
 * is still reported at its line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t lengths(const char *s, int times)
{
	size_t total = 0;
	for (int i = 0; i < times; i++)
		total += strlen(s); // want HEAP-BUFFER-OVERFLOW
	return total;
}

int main(int argc, char **argv)
{
	(void)argv;
	char *s = malloc(4);
	memcpy(s, "abcd", 4);
	printf("%zu\n", lengths(s, argc + 9) / 10);
	free(s);
	return 0;
}

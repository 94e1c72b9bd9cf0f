/* A helper that only reads through its parameter is passed a variable in
 * one call and a fresh block in another: the fresh block is lost when the
 * helper returns (its parameters cannot skip the count's look). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t length(const char *s)
{
	return strlen(s); // want full:MEMORY-LEAK
}

int main(void)
{
	char *kept = strdup("kept");
	size_t n = length(kept);
	n += length(strdup("lost")); // want alloc:MEMORY-LEAK
	free(kept);
	printf("%zu\n", n);
	return 0;
}

/* Building a string of n characters in an n-byte block: the terminating
 * NUL goes one past the end. */
#include <stdio.h>
#include <stdlib.h>

static char *repeat(char c, size_t n)
{
	char *s = malloc(n);
	if (s == NULL)
		exit(1);
	for (size_t i = 0; i < n; i++)
		s[i] = c;
	s[n] = '\0'; // want HEAP-BUFFER-OVERFLOW
	return s;
}

int main(void)
{
	char *bar = repeat('#', 10);
	printf("[%.10s]\n", bar);
	free(bar);
	return 0;
}

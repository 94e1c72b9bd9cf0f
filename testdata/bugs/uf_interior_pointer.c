/* A parser advances the pointer it got from malloc past leading blanks and
 * then frees the advanced pointer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char *input = "   42 apples";
	char *buf = malloc(strlen(input) + 1); // want MEMORY-LEAK
	if (buf == NULL)
		return 1;
	strcpy(buf, input);
	while (*buf == ' ')
		buf++;
	printf("count: %ld\n", strtol(buf, NULL, 10));
	free(buf); // want UNMATCHED-FREE
	return 0;
}

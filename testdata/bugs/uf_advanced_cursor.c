/* A line reader skips leading blanks by advancing the pointer it got from
 * malloc, then frees the advanced pointer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_field(const char *text)
{
	char *buf = malloc(strlen(text) + 1); // want chain:UNMATCHED-FREE origin:UNMATCHED-FREE MEMORY-LEAK
	if (buf == NULL)
		exit(1);
	strcpy(buf, text);
	while (*buf == ' ')
		buf++; /* the start of the block is lost */
	return buf; // want chain:UNMATCHED-FREE
}

int main(void)
{
	char *field = read_field("   value"); // want chain:UNMATCHED-FREE
	printf("[%s]\n", field);
	free(field); // want UNMATCHED-FREE
	return 0;
}

/* snprintf is told the buffer is 64 bytes (the size of the old stack buffer)
 * but the heap buffer holds 16, and the text is longer than 16. */
#include <stdio.h>
#include <stdlib.h>

#define LINE_MAX_OLD 64

static void describe(char *out, const char *who, int score)
{
	snprintf(out, LINE_MAX_OLD, "%s scored %d points", who, score); // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	char *line = malloc(16);
	if (line == NULL)
		return 1;
	describe(line, "Ada", 9001);
	printf("%.15s\n", line);
	free(line);
	return 0;
}

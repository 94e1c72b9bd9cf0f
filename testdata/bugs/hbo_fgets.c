/* memlens:stdin hbo_fgets.in
 *
 * Lines are read into a 16-byte block, but fgets is told 128: the second
 * input line is longer than 16 bytes. Checked at the call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *line = malloc(16);
	if (line == NULL)
		return 1;
	int n = 0;
	while (fgets(line, 128, stdin) != NULL) { // want HEAP-BUFFER-OVERFLOW
		n++;
		printf("line %d starts with '%c'\n", n, line[0]);
	}
	printf("%d lines\n", n);
	free(line);
	return 0;
}

/* memlens:stdin hbo_fgetws.in
 *
 * Lines are read into 8 wide characters, but fgetws is told the size in
 * bytes (32): the second line is longer than 7 characters. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

int main(void)
{
	wchar_t *line = malloc(8 * sizeof *line);
	if (line == NULL)
		return 1;
	int n = 0;
	while (fgetws(line, 8 * sizeof(wchar_t), stdin) != NULL) // want HEAP-BUFFER-OVERFLOW
		n++;
	printf("%d lines\n", n);
	free(line);
	return 0;
}

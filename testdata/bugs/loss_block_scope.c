/* Pointer locals of inner blocks leave scope at the block's closing
 * brace: a loop body's buffer each time round, an if's scratch copy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	int total = 0;
	for (int i = 0; i < 3; i++) {
		char *line = malloc(32); // want alloc:MEMORY-LEAK
		snprintf(line, 32, "row %d", i);
		total += (int)strlen(line);
	} // want full:MEMORY-LEAK
	if (total > 0) {
		char *tmp = strdup("scratch"); // want alloc:MEMORY-LEAK
		puts(tmp);
	} // want full:MEMORY-LEAK
	printf("%d\n", total);
	return 0;
}

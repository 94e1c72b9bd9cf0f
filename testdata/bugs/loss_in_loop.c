/* Each iteration overwrites the previous iteration's buffer. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	char *line = NULL;
	for (int i = 0; i < 5; i++) {
		line = malloc(40); // want alloc:MEMORY-LEAK full:MEMORY-LEAK
		snprintf(line, 40, "line %d", i);
		puts(line);
	}
	free(line);
	return 0;
}

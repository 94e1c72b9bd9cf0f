// memlens:options leak_check=exit
/* A line buffer is allocated afresh on every iteration and only the last
 * one is freed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *buf = NULL;
	size_t total = 0;
	for (int i = 0; i < 10; i++) {
		buf = malloc(32); // want MEMORY-LEAK
		snprintf(buf, 32, "line %d", i);
		total += strlen(buf);
	}
	free(buf);
	printf("%zu\n", total);
	return 0;
}

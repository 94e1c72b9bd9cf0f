/* A continue skips the free at the end of the loop body: the buffer
 * declared in the body leaves scope at the continue. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int count_long(const char *const *words, int n)
{
	int c = 0;
	for (int i = 0; i < n; i++) {
		char *buf = malloc(64); // want alloc:MEMORY-LEAK
		snprintf(buf, 64, "%s", words[i]);
		if (strlen(buf) < 4)
			continue; // want full:MEMORY-LEAK
		c++;
		free(buf);
	}
	return c;
}

int main(void)
{
	const char *words[] = {"apple", "fig", "banana", "kiwi"};
	printf("%d\n", count_long(words, 4));
	return 0;
}

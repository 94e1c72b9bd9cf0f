/* A break leaves the loop body's block: the copy declared there leaves
 * scope at the break, not when the function returns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int find(const char *const *words, int n, const char *w)
{
	int at = -1;
	for (int i = 0; i < n; i++) {
		char *copy = strdup(words[i]); // want alloc:MEMORY-LEAK
		if (strcmp(copy, w) == 0) {
			at = i;
			break; // want full:MEMORY-LEAK
		}
		free(copy);
	}
	printf("searched\n");
	return at;
}

int main(void)
{
	const char *words[] = {"apple", "fig", "banana", "kiwi"};
	printf("%d\n", find(words, 4, "banana"));
	return 0;
}

/* A word-length histogram is freed and then one of its counts is printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char *words[] = {"a", "to", "the", "code", "is", "in", "memory"};
	int *counts = calloc(8, sizeof *counts);
	if (counts == NULL)
		return 1;
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		counts[strlen(words[i])]++;
	printf("one-letter words: %d\n", counts[1]);
	free(counts);
	int two = counts[2]; // want DANGLING-POINTER-DEREF
	printf("two-letter words: %d\n", two);
	return 0;
}

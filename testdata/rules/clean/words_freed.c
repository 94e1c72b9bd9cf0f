/* memlens:rules heap_at_end.rules
 *
 * The word counter of rules/bugs/possible_leak_return, which frees its
 * table before main returns: the heap is empty at the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char **words;
static int nwords;

static void add(const char *w)
{
	words = realloc(words, (nwords + 1) * sizeof *words);
	words[nwords++] = strdup(w);
}

int main(void)
{
	const char *text[] = {"to", "be", "or", "not", "to", "be"};
	for (int i = 0; i < 6; i++)
		add(text[i]);
	int distinct = 0;
	for (int i = 0; i < nwords; i++) {
		int seen = 0;
		for (int j = 0; j < i; j++)
			seen |= strcmp(words[i], words[j]) == 0;
		distinct += !seen;
	}
	printf("%d words, %d distinct\n", nwords, distinct);
	for (int i = 0; i < nwords; i++)
		free(words[i]);
	free(words);
	return 0;
}

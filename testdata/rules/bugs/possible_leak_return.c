/* memlens:rules heap_at_end.rules
 *
 * A word counter keeps its table in a global until the end: still
 * reachable when main returns, which the built-in leak check accepts but
 * this program's policy does not (POSSIBLE-LEAK, at the return of main:
 * the rule locates no block, so the report is where the program ends). */
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
	return 0; // want POSSIBLE-LEAK
}

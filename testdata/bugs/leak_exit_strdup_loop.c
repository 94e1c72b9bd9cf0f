// memlens:options leak_check=exit
/* Tokens are duplicated for a lookup and never freed: one loss record for
 * all of them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_keyword(const char *tok)
{
	char *t = strdup(tok); // want MEMORY-LEAK
	for (char *p = t; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p += 'a' - 'A';
	return strcmp(t, "if") == 0 || strcmp(t, "while") == 0;
}

int main(void)
{
	const char *toks[] = {"IF", "x", "While", "y", "return"};
	int k = 0;
	for (int i = 0; i < 5; i++)
		k += is_keyword(toks[i]);
	printf("%d\n", k);
	return 0;
}

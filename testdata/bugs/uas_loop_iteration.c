/* Each iteration's line buffer lives only for that iteration; the loop
 * keeps a pointer to the previous line and compares against it. */
#include <stdio.h>
#include <string.h>

int main(void)
{
	const char *words[] = {"alpha", "alpha", "beta"};
	const char *prev = NULL;
	int dups = 0;
	for (int i = 0; i < 3; i++) {
		char line[16];
		snprintf(line, sizeof line, "%s", words[i]);
		if (prev && strcmp(prev, line) == 0) // want USE-AFTER-SCOPE
			dups++;
		prev = line;
	}
	printf("%d\n", dups);
	return 0;
}

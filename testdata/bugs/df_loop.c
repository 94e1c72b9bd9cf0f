/* Each non-empty line gets a fresh buffer that is freed at the end of the
 * iteration; an empty line reuses the stale pointer and frees the previous
 * line's buffer a second time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char *lines[] = {"first", "second", "", "fourth"};
	char *cur = NULL;
	for (int i = 0; i < 4; i++) {
		if (lines[i][0] != '\0') {
			cur = malloc(strlen(lines[i]) + 3);
			if (cur == NULL)
				return 1;
			sprintf(cur, "<%s>", lines[i]);
			printf("%d: %s\n", i, cur);
		} else {
			printf("%d: (empty)\n", i);
		}
		free(cur); // want DOUBLE-FREE
	}
	return 0;
}

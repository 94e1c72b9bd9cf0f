/* memlens:options explain_ring=1024
 *
 * A scanner notes where each of many tokens starts, in a table of the
 * last 64; the text it scans is freed and its cursor used. By then the
 * explain ring, made small, no longer holds where the cursor came from:
 * its chain says the older steps are gone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct token {
	const char *start;
	int length;
};

int main(void)
{
	char *text = malloc(64);
	if (text == NULL)
		return 1;
	strcpy(text, "let x = 1 + 2 * 3 ;");
	char *cursor = text;
	static struct token recent[64];
	for (int i = 0; i < 5000; i++) {
		recent[i % 64].start = cursor + i % 7;
		recent[i % 64].length = 1;
	}
	printf("%c\n", *recent[0].start);
	free(text);
	cursor[0] = '\0'; // want DANGLING-POINTER-DEREF
	return 0;
}

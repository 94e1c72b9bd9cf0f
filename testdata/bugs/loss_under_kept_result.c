/* One statement loses a block and keeps the one a call returns: the kept
 * block's note, the newest, goes first (its count is back above zero) and
 * the loss under it is still reported at that statement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *make_label(int n)
{
	char *s = malloc(16); // want alloc:MEMORY-LEAK
	memset(s, 'a' + n, 15);
	s[15] = 0;
	return s;
}

int main(void)
{
	char *old = make_label(1);
	char *kept;
	kept = (old = NULL, make_label(2)); // want full:MEMORY-LEAK
	puts(kept);
	free(kept);
	return old != NULL;
}

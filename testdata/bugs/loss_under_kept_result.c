/* One statement loses a block and keeps the one a call returns: the kept
 * block's note, the newest, goes first (its count is back above zero) and
 * the loss under it is still reported at that statement. */
#include <stdio.h>
#include <stdlib.h>

static char *triple(char c)
{
	char *s = malloc(4); // want alloc:MEMORY-LEAK
	s[0] = s[1] = s[2] = c;
	s[3] = '\0';
	return s;
}

int main(void)
{
	char *old = triple('a'), *kept;
	kept = (old = NULL, triple('b')); // want full:MEMORY-LEAK
	printf("%s %d\n", kept, old == NULL);
	free(kept);
	return 0;
}

/* A pointer into a buffer realloc moved is moved by the distance to some
 * other live block, not to the one realloc made: it still points from
 * freed memory (only the move's own distance gives it the new buffer). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *buf = malloc(16), *other = malloc(64);
	if (buf == NULL || other == NULL)
		return 1;
	strcpy(buf, "first");
	strcpy(other, "unrelated block");
	char *word = buf + 1;
	char *old = buf;
	char *bigger = realloc(buf, 1 << 20);
	if (bigger == NULL)
		return 1;
	buf = bigger;
	word += other - old;
	printf("%c\n", *word); // want DANGLING-POINTER-DEREF
	free(buf);
	free(other);
	return 0;
}

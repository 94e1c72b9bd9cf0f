/* Bytes written, cut off by a shrinking realloc, then brought back by a
 * growing one hold no value any more (realloc keeps only what fits the
 * smaller size), even when both happened in place. The comparison only
 * carries the garbage; printing its result uses it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *buf = malloc(64);
	if (!buf)
		return 1;
	memset(buf, 'x', 64);
	char *small = realloc(buf, 8);
	if (!small)
		return 1;
	char *big = realloc(small, 64);
	if (!big)
		return 1;
	int marked = big[40] == 'x';
	printf("%d %c\n", marked, big[0]); // want full:UNINITIALIZED-READ
	free(big);
	return 0;
}

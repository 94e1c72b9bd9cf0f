/* A word read out of line (a type aligned to one byte, as compressors
 * read their input) starts at byte 7 of its block, so its bytes lie in
 * two shadow bytes; all but its last byte are stored, one by one, and the
 * whole word then decides a branch: the undefined byte is in the second
 * shadow byte, which a test of the first alone would miss. */
#include <stdio.h>
#include <stdlib.h>

typedef long __attribute__((aligned(1))) unaligned_long;

int main(void)
{
	unsigned char *b = malloc(16);
	int i;
	if (!b)
		return 1;
	for (i = 0; i < 14; i++)
		b[i] = (unsigned char)i;
	if (*(const unaligned_long *)(b + 7) > 0) // want UNINITIALIZED-READ
		puts("positive");
	free(b);
	return 0;
}

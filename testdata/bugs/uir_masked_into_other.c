/* A never-written byte masked and stored into another byte: only a byte
 * updated in place (b = (b & MASK) | v) takes its kept bits as defined, so
 * the copy stays undefined and deciding on it is reported. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	unsigned char *b = malloc(2);
	if (!b)
		return 1;
	b[1] = (b[0] & 0xf0) | 1;
	if (b[1] & 0xf0) // want UNINITIALIZED-READ
		puts("high");
	free(b);
	return 0;
}

/* A word is read with a fixed-size memcpy from a block already freed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	unsigned char *b = malloc(16);
	if (b == NULL)
		return 1;
	memset(b, 1, 16);
	free(b);
	uint64_t v;
	memcpy(&v, b + 4, sizeof v); // want DANGLING-POINTER-DEREF
	printf("%d\n", v != 0);
	return 0;
}

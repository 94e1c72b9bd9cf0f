/* p = realloc(p, n): when realloc fails, the old block's only pointer is overwritten with NULL. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	char *p = malloc(64); // want alloc:MEMORY-LEAK
	p = realloc(p, SIZE_MAX / 2); // want full:MEMORY-LEAK
	printf("%s\n", p ? "grown" : "failed");
	free(p);
	return 0;
}

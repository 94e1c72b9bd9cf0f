/* A fresh string is measured and never kept. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup(const char *s)
{
	char *d = malloc(strlen(s) + 1); // want alloc:MEMORY-LEAK
	strcpy(d, s);
	return d;
}

int main(void)
{
	printf("%zu\n", strlen(dup("hello"))); // want full:MEMORY-LEAK
	return 0;
}

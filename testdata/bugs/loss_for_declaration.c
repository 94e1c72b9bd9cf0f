/* A for statement's own pointer local leaves scope when the loop ends:
 * the cursor that owned the last copy is lost there, not at the
 * function's return. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int vowels(const char *s)
{
	int n = 0;
	for (char *p = strdup(s); *p; p++) // want alloc:MEMORY-LEAK full:MEMORY-LEAK
		n += strchr("aeiou", *p) != NULL;
	printf("counted\n");
	return n;
}

int main(void)
{
	printf("%d\n", vowels("memory debugger"));
	return 0;
}

/* Blocks carry a hidden length header in front of the data: alloc returns
 * p + 1, and release must free p - 1 ... but it frees the data pointer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *sized_alloc(size_t n)
{
	size_t *p = malloc(sizeof(size_t) + n); // want MEMORY-LEAK
	if (p == NULL)
		exit(1);
	p[0] = n;
	return (char *)(p + 1);
}

static size_t sized_len(const char *s)
{
	return ((const size_t *)(const void *)s)[-1];
}

static void sized_free(char *s)
{
	free(s); // want UNMATCHED-FREE
}

int main(void)
{
	char *s = sized_alloc(12);
	strcpy(s, "hello there");
	printf("%s (%zu bytes)\n", s, sized_len(s));
	sized_free(s);
	return 0;
}

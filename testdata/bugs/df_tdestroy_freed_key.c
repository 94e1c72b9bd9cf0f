/* A symbol table frees a key it removed from use but leaves it in the
 * tree; tdestroy then hands every key to free, from inside libc: the key
 * is freed twice, by a call memlens did not compile. */
#define _GNU_SOURCE
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_name(const void *a, const void *b)
{
	return strcmp(a, b);
}

int main(void)
{
	void *root = NULL;
	char *alpha = strdup("alpha"), *beta = strdup("beta");
	if (alpha == NULL || beta == NULL)
		return 1;
	tsearch(alpha, &root, by_name);
	tsearch(beta, &root, by_name);
	printf("%s\n", *(char **)tfind("beta", &root, by_name));
	free(beta); /* retired, but still a key of the tree */
	tdestroy(root, free); // want DOUBLE-FREE
	return 0;
}

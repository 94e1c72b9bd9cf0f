/* A goto-based error path skips one of the frees. */
#include <stdio.h>
#include <stdlib.h>

static int setup(int fail)
{
	int rc = -1;
	char *a = malloc(16);
	char *b = malloc(32); // want alloc:MEMORY-LEAK
	if (fail)
		goto out;
	rc = 0;
	free(b);
out:
	free(a);
	return rc; // want full:MEMORY-LEAK
}

int main(void)
{
	printf("%d %d\n", setup(0), setup(1));
	return 0;
}

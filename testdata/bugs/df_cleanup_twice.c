/* An error path frees the buffer and jumps to the common cleanup, which
 * frees it again: the pointer freed first is the same variable, so both
 * chains lead to the same allocation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_header(const char *text, int *version)
{
	int rc = -1;
	char *copy = strdup(text); // want chain:DOUBLE-FREE freechain:DOUBLE-FREE origin:DOUBLE-FREE
	if (copy == NULL)
		return -1;
	char *colon = strchr(copy, ':');
	if (colon == NULL) {
		free(copy); /* the error path frees... */
		goto out;
	}
	*version = atoi(colon + 1);
	rc = 0;
out:
	free(copy); /* ...and so does the cleanup */ // want DOUBLE-FREE
	return rc;
}

int main(void)
{
	int v = 0;
	printf("%d\n", parse_header("version:3", &v));
	printf("%d\n", parse_header("garbage", &v));
	return 0;
}

/* goto-based cleanup: the error path frees the header buffer itself and
 * then jumps to the cleanup label, which frees it again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse(const char *input)
{
	int rc = -1;
	char *header = malloc(16);
	char *body = NULL;
	if (header == NULL)
		return -1;
	const char *colon = strchr(input, ':');
	if (colon == NULL || colon - input >= 16) {
		printf("bad header in \"%s\"\n", input);
		free(header);
		goto out;
	}
	memcpy(header, input, (size_t)(colon - input));
	header[colon - input] = '\0';
	body = malloc(strlen(colon + 1) + 1);
	if (body == NULL)
		goto out;
	strcpy(body, colon + 1);
	printf("header '%s', body '%s'\n", header, body);
	rc = 0;
out:
	free(body);
	free(header); // want DOUBLE-FREE
	return rc;
}

int main(void)
{
	printf("rc %d\n", parse("Host:example.org"));
	printf("rc %d\n", parse("no separator here"));
	return 0;
}

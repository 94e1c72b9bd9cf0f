/* A pointer into a growing buffer is kept across a realloc that moves the
 * block: the old pointer points into freed memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	size_t cap = 16;
	char *buf = malloc(cap);
	if (buf == NULL)
		return 1;
	strcpy(buf, "header:");
	char *body = buf + strlen(buf); /* where the body starts */
	strcpy(body, "v1");
	printf("%s\n", buf);

	cap = 1 << 20; /* large enough that the block must move */
	char *bigger = realloc(buf, cap);
	if (bigger == NULL)
		return 1;
	buf = bigger;
	body[0] = 'V'; // want DANGLING-POINTER-DEREF
	printf("%s\n", buf);
	free(buf);
	return 0;
}

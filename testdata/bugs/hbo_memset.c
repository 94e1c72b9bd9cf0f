/* Clearing a line buffer "including the terminator" clears n + 1 bytes of
 * an n-byte block. Checked at the call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct line {
	size_t cap;
	char *buf;
};

static void line_clear(struct line *l)
{
	memset(l->buf, 0, l->cap + 1); // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	struct line l = {20, NULL};
	l.buf = malloc(l.cap);
	if (l.buf == NULL)
		return 1;
	strcpy(l.buf, "some text");
	printf("before: %s\n", l.buf);
	line_clear(&l);
	printf("after: \"%s\"\n", l.buf);
	free(l.buf);
	return 0;
}

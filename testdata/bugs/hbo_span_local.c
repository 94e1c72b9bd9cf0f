/* A span (an interior pointer and a length) lives in a brace-initialized
 * local struct handed to a callee by address; the length overstates what
 * is left of the heap buffer. */
#include <stdio.h>
#include <stdlib.h>

struct span {
	char *p;
	int n;
};

static void fill(struct span *s)
{
	for (int i = 0; i < s->n; i++)
		s->p[i] = 'x'; // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	char *buf = malloc(8);
	if (!buf)
		return 1;
	struct span s = {buf + 2, 7};
	fill(&s);
	printf("%c\n", buf[2]);
	free(buf);
	return 0;
}

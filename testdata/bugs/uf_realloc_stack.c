/* A small-buffer optimisation: the buffer starts in a stack array and moves
 * to the heap when it grows, but the first growth reallocs the stack array. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sbuf {
	char *p;
	size_t len, cap;
	char inline_buf[8];
};

static void sbuf_append(struct sbuf *b, const char *s)
{
	size_t n = strlen(s);
	if (b->len + n + 1 > b->cap) {
		size_t cap = 2 * (b->len + n + 1);
		char *np = realloc(b->p, cap); // want UNMATCHED-FREE
		if (np == NULL)
			exit(1);
		b->p = np;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n + 1);
	b->len += n;
}

int main(void)
{
	struct sbuf b;
	b.p = b.inline_buf;
	b.len = 0;
	b.cap = sizeof b.inline_buf;
	b.p[0] = '\0';
	sbuf_append(&b, "abc");
	printf("%s\n", b.p);
	sbuf_append(&b, "defghijkl");
	printf("%s\n", b.p);
	if (b.p != b.inline_buf)
		free(b.p);
	return 0;
}

/* A reader keeps its cursor in a heap-allocated struct and moves it in
 * place (r->pos++, r->pos += n, r->pos -= n). Skipping a field takes the
 * cursor past the end of the text, a step back brings it inside again,
 * and the last read goes past the end: the cursor keeps its block through
 * every move in memory, inside and outside it. A second reader's text is
 * freed under it; its cursor, moved on, still points into the dead block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct reader {
	const char *pos;
	size_t left;
};

static char next_char(struct reader *r)
{
	r->left--;
	return *r->pos++;
}

static void skip(struct reader *r, size_t n)
{
	r->pos += n;
}

static void back(struct reader *r, size_t n)
{
	r->pos -= n;
}

int main(void)
{
	char *text = malloc(6), *other = malloc(6);
	struct reader *r = malloc(sizeof *r), *s = malloc(sizeof *s);
	unsigned sum = 0;
	volatile char c;
	if (!text || !other || !r || !s)
		return 1;
	memcpy(text, "abcdef", 6); /* no terminator */
	r->pos = text;
	r->left = 6;
	while (r->left > 1)
		sum += (unsigned char)next_char(r);
	skip(r, 3); /* past the end */
	back(r, 3); /* inside again: the last character */
	sum += (unsigned char)next_char(r);
	c = *r->pos; // want HEAP-BUFFER-OVERFLOW
	memcpy(other, "uvwxyz", 6);
	s->pos = other;
	s->left = 6;
	sum += (unsigned char)next_char(s);
	free(other);
	++s->pos;
	c = *s->pos; // want DANGLING-POINTER-DEREF
	(void)c;
	printf("%u\n", sum);
	free(s);
	free(r);
	free(text);
	return 0;
}

/* A scanner keeps pointers to its tokens in an input buffer it grows with
 * realloc. Each token remembers the buffer's base when it was taken, and
 * after the input is read every token is moved by the distance between the
 * buffer now and that base (libxml2's xmlParseStartTag2 rebases its
 * attribute values so: atts[i+3] += base - atts[i+2]). Several grows may
 * lie between a token and its rebasing. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct input {
	char *base;
	size_t len, cap;
};

struct token {
	const char *start;
	const char *base; /* the buffer's base when the token was taken */
	size_t len;
};

static void grow(struct input *in)
{
	char *nb = realloc(in->base, in->cap * 4);
	if (nb == NULL)
		exit(1);
	in->base = nb;
	in->cap *= 4;
}

static void append(struct input *in, const char *s)
{
	size_t n = strlen(s);
	while (in->len + n + 1 > in->cap)
		grow(in);
	memcpy(in->base + in->len, s, n + 1);
	in->len += n;
}

int main(void)
{
	static const char *words[] = {"alpha ", "beta ", "gamma ", "delta ", "epsilon ", "zeta "};
	struct input in = {malloc(8), 0, 8};
	struct token tok[64];
	int ntok = 0;
	if (in.base == NULL)
		return 1;
	in.base[0] = '\0';
	for (int round = 0; round < 10; round++) {
		for (int w = 0; w < 6; w++) {
			size_t at = in.len;
			append(&in, words[w]);
			if ((round + w) % 6 == 0 && ntok < 64) {
				tok[ntok].start = in.base + at;
				tok[ntok].base = in.base;
				tok[ntok].len = strlen(words[w]) - 1;
				ntok++;
			}
		}
	}
	for (int i = 0; i < ntok; i++) {
		ptrdiff_t moved = in.base - tok[i].base;
		tok[i].start += moved;
		printf("%d %.*s\n", i, (int)tok[i].len, tok[i].start);
	}
	printf("%zu bytes, %zu capacity\n", in.len, in.cap);
	free(in.base);
	return 0;
}

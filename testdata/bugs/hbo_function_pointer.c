/* A table of string transforms called through function pointers. "shout"
 * appends an exclamation mark, which needs one byte more than the caller's
 * strlen + 1 buffer: the terminator lands past the end. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void transform_fn(char *dst, const char *src);

static void upper(char *dst, const char *src)
{
	size_t i;
	for (i = 0; src[i] != '\0'; i++)
		dst[i] = (char)toupper((unsigned char)src[i]);
	dst[i] = '\0';
}

static void shout(char *dst, const char *src)
{
	size_t n = strlen(src);
	memcpy(dst, src, n);
	dst[n] = '!';
	dst[n + 1] = '\0'; // want HEAP-BUFFER-OVERFLOW
}

static const struct {
	const char *name;
	transform_fn *fn;
} transforms[] = {
	{"upper", upper},
	{"shout", shout},
};

int main(void)
{
	const char *word = "pointer";
	for (size_t t = 0; t < sizeof transforms / sizeof transforms[0]; t++) {
		char *out = malloc(strlen(word) + 1);
		if (out == NULL)
			return 1;
		transforms[t].fn(out, word);
		printf("%s(%s) = %.8s\n", transforms[t].name, word, out);
		free(out);
	}
	return 0;
}

/* A NULL buffer from an empty input is passed down three calls before it
 * is dereferenced. */
#include <stdio.h>
#include <stdlib.h>

static int checksum(const unsigned char *p, size_t n)
{
	int s = 0;
	for (size_t i = 0; i < n; i++)
		s = (s * 31 + p[i]) & 0xffff; // want NULL-POINTER-DEREF
	return s;
}

static int verify(const unsigned char *p, size_t n, int expect)
{
	return checksum(p, n) == expect;
}

static int handle(const unsigned char *p, size_t n)
{
	/* a header of 1 byte is assumed even when there is no payload */
	return verify(p, n == 0 ? 1 : n, 0);
}

static unsigned char *read_payload(const char *text, size_t *n)
{
	*n = 0;
	while (text[*n] != '\0')
		(*n)++;
	if (*n == 0)
		return NULL;
	unsigned char *p = malloc(*n);
	if (p == NULL)
		exit(1);
	for (size_t i = 0; i < *n; i++)
		p[i] = (unsigned char)text[i];
	return p;
}

int main(void)
{
	const char *inputs[] = {"abc", ""};
	for (int i = 0; i < 2; i++) {
		size_t n;
		unsigned char *p = read_payload(inputs[i], &n);
		printf("input %d: %zu bytes, valid %d\n", i, n, handle(p, n));
		free(p);
	}
	return 0;
}

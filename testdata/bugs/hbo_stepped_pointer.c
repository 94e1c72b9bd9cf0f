/* A pointer stepped (p++, ++p, p += n, p--) keeps its block, so a check
 * that passed before the step proves the block alive after it: the
 * accesses through the stepped pointer skip the generation test, never
 * the bounds. A loop reading one element too far, a chain of ++p == ++q
 * compares (zlib's longest_match) running past the end, a pointer stepped
 * back before the block's start, are each still reported where they go
 * out; a block freed after the check is still reported as freed. */
#include <stdio.h>
#include <stdlib.h>

static long total;

int main(int argc, char **argv)
{
	long *a = malloc(4 * sizeof *a), *p = a;
	unsigned char *s = malloc(8), *t = malloc(16), *scan = s, *match = t;
	long *b = malloc(4 * sizeof *b), *q = b + 3;
	long *c = malloc(4 * sizeof *c), *r = c;
	int i, n = 4 + (argc > 5);
	(void)argv;
	for (i = 0; i < 4; i++)
		a[i] = b[i] = c[i] = i;
	for (i = 0; i < 16; i++)
		t[i] = 'x';
	for (i = 0; i < 8; i++)
		s[i] = 'x';

	total += *p;
	for (i = 0; i <= n; i++)
		total += *p++; // want HEAP-BUFFER-OVERFLOW

	total += *scan + *match;
	while (*++scan == *++match && scan < s + 8) // want HEAP-BUFFER-OVERFLOW
		total++;

	total += *q;
	q -= 3;
	total += *q;
	q--;
	total += *q; // want HEAP-BUFFER-OVERFLOW

	total += *r;
	free(c);
	total += *++r; // want DANGLING-POINTER-DEREF

	printf("%ld\n", total);
	free(b);
	free(t);
	free(s);
	free(a);
	return 0;
}

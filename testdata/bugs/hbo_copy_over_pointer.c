/* A one-word record whose pointer already points past its buffer is
 * copied over a record that held another pointer, just stored: the copy's
 * retagging read the copied word as an integer, and optimised gcc took,
 * under strict aliasing, the value the store's own integer read of the
 * slot had seen (the other pointer), not the copy's: the shadow was
 * cleared and the read past the end went unreported. */
#include <stdio.h>
#include <stdlib.h>

struct ref {
	char *p;
};

int main(int argc, char **argv)
{
	char *buf = malloc(32), *small = malloc(8);
	struct ref *refs = malloc(3 * sizeof *refs);
	(void)argv;
	if (buf == NULL || small == NULL || refs == NULL)
		return 1;
	refs[0].p = small + 8;
	refs[1] = refs[0];
	printf("%d\n", refs[1].p == small + 8);
	refs[2].p = buf;
	refs[2] = refs[argc - 1];
	printf("%d\n", refs[2].p[0]); // want HEAP-BUFFER-OVERFLOW
	free(buf);
	free(small);
	free(refs);
	return 0;
}

/* Pointers kept where counting cannot follow them: as an integer, copied
 * byte by byte into a heap block, only at a block's interior, only in a
 * global. None is reported lost; all are freed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static char *only_global;
struct holder { unsigned char raw[sizeof(char *)]; };

int main(void)
{
	char *a = malloc(16);
	uintptr_t ia = (uintptr_t)a;
	a = NULL;

	uintptr_t ib = (uintptr_t)malloc(16);

	char *c = malloc(16);
	struct holder *h = malloc(sizeof *h);
	for (size_t i = 0; i < sizeof c; i++)
		h->raw[i] = ((unsigned char *)&c)[i];
	c = NULL;

	char *d = malloc(64) + 16;
	only_global = malloc(8);

	d[0] = 1;
	printf("%d %d\n", ia != 0, ib != 0);
	free((char *)ia);
	free((char *)ib);
	char *back;
	for (size_t i = 0; i < sizeof back; i++)
		((unsigned char *)&back)[i] = h->raw[i];
	free(back);
	free(h);
	free(d - 16);
	free(only_global);
	return 0;
}

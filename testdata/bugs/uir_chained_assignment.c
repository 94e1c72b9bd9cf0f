/* A chained assignment copies the value, with its definedness, into every
 * target: each is reported where a branch uses it (before, only the
 * innermost target carried the origin; the outer stores took the inner
 * assignment's value as defined: libpng's pngstest `p->r = p->g = p->b`). */
#include <stdio.h>
#include <stdlib.h>

struct pixel {
	int r, g, b;
};

int main(int argc, char **argv)
{
	int *src = malloc(4 * sizeof *src), x, y;
	struct pixel *p = malloc(sizeof *p);
	(void)argv;
	src[1] = argc;
	p->r = p->g = p->b = src[0];
	x = y = src[0];
	if (p->r > 0) // want full:UNINITIALIZED-READ
		puts("r");
	if (p->g > 0) // want full:UNINITIALIZED-READ
		puts("g");
	if (x > 0) // want full:UNINITIALIZED-READ
		puts("x");
	p->r = p->g = src[1];
	x = y = src[1];
	printf("%d %d %d %d\n", p->r, p->g, x, y);
	free(p);
	free(src);
	return 0;
}

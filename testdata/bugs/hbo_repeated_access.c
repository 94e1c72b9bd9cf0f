/* An access repeated after its check is not checked again, but every
 * change that could make the repeat go wrong brings the check back: the
 * index moved, the pointer moved, a loop went round, a branch that was not
 * taken, a label jumped to. */
#include <stdio.h>
#include <stdlib.h>

struct cell {
	int v[4];
	int n;
};

static int total;

int main(int argc, char **argv)
{
	int *a = malloc(4 * sizeof *a);
	struct cell *c = malloc(sizeof *c);
	int i = 3;
	(void)argv;
	for (int k = 0; k < 4; k++)
		a[k] = c->v[k] = k;
	c->n = 4;

	total += a[i];
	i++;
	total += a[i]; // want HEAP-BUFFER-OVERFLOW

	int *p = a + 3;
	total += *p;
	p++;
	total += *p; // want HEAP-BUFFER-OVERFLOW

	int j = 0;
	while (j < 5) {
		total += a[j]; // want HEAP-BUFFER-OVERFLOW
		j++;
	}

	if (argc > 5)
		total += c->v[argc + 4];
	total += c->v[argc + 4]; // want INTRA-OBJECT-OVERFLOW HEAP-BUFFER-OVERFLOW

	int m = 1;
	if (argc > 0 && c->v[m + 2] > 0)
		total++;
	m = 9;
	if (argc > 5 || a[m] > 0) // want HEAP-BUFFER-OVERFLOW
		total++;

	int h = 0;
	total += a[h];
back:
	total += a[h]; // want HEAP-BUFFER-OVERFLOW
	if (h == 0) {
		h = 7;
		goto back;
	}

	printf("%d\n", total);
	free(c);
	free(a);
	return 0;
}

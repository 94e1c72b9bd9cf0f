/* A matrix row is replaced by a fresh one without freeing the old row. */
#include <stdlib.h>

int main(void)
{
	double **m = malloc(3 * sizeof *m);
	for (int i = 0; i < 3; i++)
		m[i] = calloc(3, sizeof **m); // want alloc:MEMORY-LEAK
	double *fresh = calloc(3, sizeof *fresh);
	m[1] = fresh; // want full:MEMORY-LEAK
	for (int i = 0; i < 3; i++)
		free(m[i]);
	free(m);
	return 0;
}

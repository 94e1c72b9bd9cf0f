// memlens:options leak_check=exit
/* A matrix is freed by its row array only: every row is lost. */
#include <stdio.h>
#include <stdlib.h>

static double **matrix(int r, int c)
{
	double **m = malloc((size_t)r * sizeof *m);
	for (int i = 0; i < r; i++)
		m[i] = calloc((size_t)c, sizeof **m); // want MEMORY-LEAK
	return m;
}

int main(void)
{
	double **m = matrix(4, 5);
	m[2][3] = 1.5;
	printf("%.1f\n", m[2][3]);
	free(m);
	return 0;
}

/* A matrix as an array of row pointers: calloc'd rows, rows swapped by
 * pointer, a row grown with realloc (a ragged matrix), Pascal's triangle
 * and Gaussian elimination on a small system. */
#include <stdio.h>
#include <stdlib.h>

static double **matrix_new(int rows, int cols)
{
	double **m = malloc((size_t)rows * sizeof *m);
	if (m == NULL)
		abort();
	for (int r = 0; r < rows; r++) {
		m[r] = calloc((size_t)cols, sizeof **m);
		if (m[r] == NULL)
			abort();
	}
	return m;
}

static void matrix_free(double **m, int rows)
{
	for (int r = 0; r < rows; r++)
		free(m[r]);
	free(m);
}

/* Solves a n x (n+1) augmented system in place; returns 0 if singular. */
static int solve(double **a, int n, double *x)
{
	for (int col = 0; col < n; col++) {
		int pivot = col;
		for (int r = col + 1; r < n; r++)
			if ((a[r][col] < 0 ? -a[r][col] : a[r][col]) > (a[pivot][col] < 0 ? -a[pivot][col] : a[pivot][col]))
				pivot = r;
		if (a[pivot][col] == 0)
			return 0;
		double *t = a[col];
		a[col] = a[pivot];
		a[pivot] = t;
		for (int r = col + 1; r < n; r++) {
			double f = a[r][col] / a[col][col];
			for (int c = col; c <= n; c++)
				a[r][c] -= f * a[col][c];
		}
	}
	for (int r = n - 1; r >= 0; r--) {
		double s = a[r][n];
		for (int c = r + 1; c < n; c++)
			s -= a[r][c] * x[c];
		x[r] = s / a[r][r];
	}
	return 1;
}

int main(void)
{
	static const double sys[3][4] = {
		{2, 1, -1, 8},
		{-3, -1, 2, -11},
		{-2, 1, 2, -3},
	};
	double **a = matrix_new(3, 4);
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 4; c++)
			a[r][c] = sys[r][c];
	double x[3];
	if (solve(a, 3, x))
		printf("x = %.3f, y = %.3f, z = %.3f\n", x[0], x[1], x[2]);
	matrix_free(a, 3);

	int rows = 8;
	long **tri = malloc((size_t)rows * sizeof *tri);
	if (tri == NULL)
		return 1;
	for (int r = 0; r < rows; r++) {
		tri[r] = malloc((size_t)(r + 1) * sizeof **tri);
		if (tri[r] == NULL)
			return 1;
		tri[r][0] = tri[r][r] = 1;
		for (int c = 1; c < r; c++)
			tri[r][c] = tri[r - 1][c - 1] + tri[r - 1][c];
	}
	/* grow the last row by one to hold its sum */
	long *grown = realloc(tri[rows - 1], (size_t)(rows + 1) * sizeof **tri);
	if (grown == NULL)
		return 1;
	tri[rows - 1] = grown;
	tri[rows - 1][rows] = 0;
	for (int c = 0; c < rows; c++)
		tri[rows - 1][rows] += tri[rows - 1][c];
	for (int r = 0; r < rows; r++) {
		printf("%*s", (rows - r) * 2, "");
		for (int c = 0; c <= r; c++)
			printf("%4ld", tri[r][c]);
		printf("\n");
	}
	printf("last row sums to %ld\n", tri[rows - 1][rows]);
	for (int r = 0; r < rows; r++)
		free(tri[r]);
	free(tri);
	return 0;
}

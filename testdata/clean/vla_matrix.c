/* Variable-length arrays and 2-D arrays: matrices passed as VLA parameters,
 * multiplied, transposed through pointers to rows, and a heap-allocated
 * VLA-typed matrix. */
#include <stdio.h>
#include <stdlib.h>

static void fill(int rows, int cols, double m[rows][cols], double base)
{
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++)
			m[r][c] = base + r * cols + c;
}

static void multiply(int n, int k, int p, double a[n][k], double b[k][p], double out[n][p])
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < p; j++) {
			double s = 0;
			for (int x = 0; x < k; x++)
				s += a[i][x] * b[x][j];
			out[i][j] = s;
		}
}

static void print(const char *name, int rows, int cols, double m[rows][cols])
{
	printf("%s (%dx%d):\n", name, rows, cols);
	for (int r = 0; r < rows; r++) {
		for (double *p = m[r]; p < m[r] + cols; p++)
			printf(" %7.1f", *p);
		printf("\n");
	}
}

static int trace(int n, const int m[n][n])
{
	int t = 0;
	for (int i = 0; i < n; i++)
		t += m[i][i];
	return t;
}

int main(void)
{
	int n = 2, k = 3, p = 4;
	double a[n][k], b[k][p], c[n][p];
	printf("sizeof a = %zu, sizeof b[0] = %zu\n", sizeof a, sizeof b[0]);
	fill(n, k, a, 1);
	fill(k, p, b, -2);
	multiply(n, k, p, a, b, c);
	print("a", n, k, a);
	print("b", k, p, b);
	print("a*b", n, p, c);

	/* a heap matrix with VLA type: one block, indexed as t[r][c] */
	double (*t)[n] = malloc(sizeof(double[p][n]));
	if (t == NULL)
		return 1;
	for (int r = 0; r < n; r++)
		for (int col = 0; col < p; col++)
			t[col][r] = c[r][col];
	print("transpose", p, n, t);
	free(t);

	static const int id[3][3] = {[0][0] = 1, [1][1] = 2, [2][2] = 3};
	int sq[4][4];
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++)
			sq[i][j] = (i + 1) * (j + 1);
	printf("trace id %d, trace sq %d\n", trace(3, id), trace(4, (const int (*)[4])sq));
	int total = 0;
	for (int (*row)[4] = sq; row < sq + 4; row++)
		total += (*row)[3];
	printf("last column sum %d\n", total);
	return 0;
}

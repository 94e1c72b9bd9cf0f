/* The overflow happens four calls below main: scale_row() is given the
 * number of columns plus one. */
#include <stdio.h>
#include <stdlib.h>

#define ROWS 3
#define COLS 5

static void scale_row(float *row, int ncols, float k)
{
	for (int c = 0; c < ncols; c++)
		row[c] *= k; // want HEAP-BUFFER-OVERFLOW
}

static void normalize(float *row, int ncols)
{
	float max = row[0];
	for (int c = 1; c < ncols; c++)
		if (row[c] > max)
			max = row[c];
	scale_row(row, ncols + 1, 1.0f / max);
}

static void process_batch(float **rows, int nrows)
{
	for (int r = 0; r < nrows; r++)
		normalize(rows[r], COLS);
}

static void run(void)
{
	float *rows[ROWS];
	for (int r = 0; r < ROWS; r++) {
		rows[r] = malloc(COLS * sizeof(float));
		if (rows[r] == NULL)
			exit(1);
		for (int c = 0; c < COLS; c++)
			rows[r][c] = (float)(r + 1) * (float)(c + 1);
	}
	process_batch(rows, 1);
	printf("row 0:");
	for (int c = 0; c < COLS; c++)
		printf(" %.2f", rows[0][c]);
	printf("\n");
	for (int r = 0; r < ROWS; r++)
		free(rows[r]);
}

int main(void)
{
	run();
	return 0;
}

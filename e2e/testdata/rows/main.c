/* Rows a library built without memlens fills through an array of
 * pointers to them (libpng's png_read_image, libjpeg's
 * jpeg_read_scanlines) or through an array of such arrays (libjpeg's
 * components) are defined, also where the pointers name the rows by
 * their addresses alone (made where memlens does not see); a row it was
 * not given is not, though its pointer follows the array in the same
 * block (a struct, or a memory manager's pool, as libjpeg's). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <rows.h>

void samples_fill(unsigned short **rows, int n, int w); /* the program's own declaration */

enum { N = 4, W = 16, C = 2 };

int main(void)
{
	struct pool {
		unsigned char *rows[N];
		unsigned short *spare;
		long count;
	} *pool = malloc(sizeof *pool);
	unsigned char **rows = pool->rows;
	unsigned char *image = malloc(N * W);
	unsigned short *own[N];
	unsigned short *spare = pool->spare = malloc(W * sizeof *spare);
	unsigned char **planes[C], *samples = malloc(C * N * W);
	unsigned char *inner[2], *block = malloc(3 * W), copy[W];
	unsigned sum = 0;
	int i, j, k;

	pool->count = N;
	for (i = 0; i < N; i++) {
		rows[i] = image + i * W;
		own[i] = malloc(W * sizeof *own[i]);
	}
	for (k = 0; k < C; k++) {
		planes[k] = malloc(N * sizeof *planes[k]);
		for (i = 0; i < N; i++)
			planes[k][i] = samples + (k * N + i) * W;
	}
	/* (interior pointers from code memlens does not see: WILD, whose
	 * reads are not checked, but a copy takes the bytes' state along, as
	 * libjpeg-turbo's tjEncodeYUVPlanes copies rows aligned by PAD) */
	inner[0] = row_at(block, 1, W);
	inner[1] = row_at(block, 2, W);
	rows_fill(inner, 2, W);
	memcpy(copy, inner[1], W);
	rows_fill(rows, N, W);
	samples_fill(own, N, W);
	planes_fill(planes, C, N, W);
	for (i = 0; i < N; i++)
		for (j = 0; j < W; j++)
			if (rows[i][j] > 20 || own[i][j] > 600 || planes[1][i][j] > 20 || copy[j] > 20)
				sum += rows[i][j] + own[i][j] + planes[0][i][j];
	printf("%u\n", sum);
	if (spare[0] == 0) /* never written */
		puts("zero");
	for (i = 0; i < N; i++)
		free(own[i]);
	for (k = 0; k < C; k++)
		free(planes[k]);
	free(samples);
	free(block);
	free(spare);
	free(image);
	free(pool);
	return 0;
}

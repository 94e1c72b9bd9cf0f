/* A vertical box filter over a row-major image reads the pixel below each
 * pixel; on the last row that is past the end of the image block. */
#include <stdio.h>
#include <stdlib.h>

static void smooth(const unsigned char *img, unsigned char *out, int w, int h)
{
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			out[y * w + x] = (unsigned char)((img[y * w + x] + img[(y + 1) * w + x]) / 2); // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	int w = 4, h = 3;
	unsigned char *img = malloc((size_t)(w * h));
	unsigned char *out = malloc((size_t)(w * h));
	if (img == NULL || out == NULL)
		return 1;
	for (int i = 0; i < w * h; i++)
		img[i] = (unsigned char)(i * 10);
	smooth(img, out, w, h);
	for (int y = 0; y < h - 1; y++)
		printf("row %d: %d %d %d %d\n", y, out[y * w], out[y * w + 1], out[y * w + 2], out[y * w + 3]);
	free(img);
	free(out);
	return 0;
}

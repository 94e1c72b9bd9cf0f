/* Static helpers return values computed from a row's padding, which was
 * never written: the callers store them, pass them on, or throw them away,
 * and never look at them. A value returned decides nothing (Valgrind's
 * rule), so nothing is reported; libwebp's MultHi and WebPMemToUint32. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int mult_hi(int v, int coeff)
{
	return (v * coeff) >> 8;
}

static uint32_t load32(const uint8_t *p)
{
	uint32_t a;
	memcpy(&a, p, sizeof a);
	return a;
}

static int clip8(int v)
{
	return v < 0 ? 0 : v > 255 ? 255 : v;
}

static int scaled(const uint8_t *row, int i)
{
	return mult_hi(row[i], 300) + 2;
}

static int unset(int c)
{
	int x;
	if (c)
		x = 1;
	return x;
}

int main(int argc, char **argv)
{
	enum { width = 12, stride = 16 };
	uint8_t *row = malloc(stride);
	uint8_t out[stride];
	uint32_t words[stride / 4];
	if (row == NULL)
		return 1;
	for (int i = 0; i < width; i++)
		row[i] = (uint8_t)(i * 20);
	for (int i = 0; i < stride; i++) /* the padding too */
		out[i] = (uint8_t)mult_hi(row[i], 300);
	for (int i = 0; i < stride / 4; i++)
		words[i] = load32(row + 4 * i);
	int *kept = malloc(stride * sizeof *kept);
	if (kept == NULL)
		return 1;
	for (int i = 0; i < stride; i++)
		kept[i] = scaled(row, i);
	unset(argc > 5);               /* thrown away */
	(void)unset(argc > 5);         /* so */
	int n = (unset(0), argc);      /* the left of a comma */
	for (unset(0); n > 0; unset(0), n--)
		;
	int sum = 0;
	for (int i = 0; i < width; i++)
		sum += out[i] + kept[i];
	printf("%d %u\n", sum, words[0]);
	free(kept);
	free(row);
	return 0;
}

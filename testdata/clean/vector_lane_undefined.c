/* Lanes of a vector made from scalars, one of them read from bytes never
 * written (a row's padding): the vector's lanes are copies, as libwebp's
 * Load8x4_SSE2 makes them (_mm_set_epi32 of four 4-byte loads), and only
 * the written lanes are looked at. Nothing is reported. */
#include <emmintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t load32(const uint8_t *p)
{
	uint32_t a;
	memcpy(&a, p, sizeof a);
	return a;
}

int main(void)
{
	uint8_t *row = malloc(16);
	if (row == NULL)
		return 1;
	memset(row, 3, 12);
	__m128i v = _mm_set_epi32((int)load32(row + 12), (int)load32(row + 8), (int)load32(row + 4), (int)load32(row));
	__m128i w = _mm_add_epi32(v, _mm_set1_epi32(1));
	uint32_t lanes[4];
	_mm_storeu_si128((__m128i *)lanes, w);
	printf("%u %u %u\n", lanes[0], lanes[1], lanes[2]);
	free(row);
	return 0;
}

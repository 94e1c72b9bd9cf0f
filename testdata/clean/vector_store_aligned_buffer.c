/* A buffer aligned by integer arithmetic (libwebp's WEBP_ALIGN: a pointer
 * of no object memlens knows) is filled by an intrinsic's vector stores,
 * then copied out with memcpy and used: the stores define the bytes they
 * write, by their address. Nothing is reported. */
#include <emmintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ALIGN32(p) (((uintptr_t)(p) + 31) & ~(uintptr_t)31)

int main(int argc, char **argv)
{
	(void)argv;
	enum { n = 4096 };
	uint8_t *mem = malloc(n + 32);
	uint8_t *copy = malloc(n);
	if (mem == NULL || copy == NULL)
		return 1;
	uint32_t *px = (uint32_t *)ALIGN32(mem + 1);
	__m128i v = _mm_set1_epi32(argc);
	for (int i = 0; i < n / 4; i += 4)
		_mm_storeu_si128((__m128i *)&px[i], v);
	memcpy(copy, px, n);
	long sum = 0;
	for (int i = 0; i < n; i++)
		if (copy[i])
			sum += copy[i];
	printf("%ld\n", sum);
	free(copy);
	free(mem);
	return 0;
}

/* Buffers aligned by integer arithmetic (libwebp's WEBP_ALIGN: pointers
 * of no object memlens knows) are filled by intrinsics' vector stores, one
 * through a pointer to a vector, one through a float pointer, then copied
 * out with memcpy and used: the stores define the bytes they write, by
 * their address. Nothing is reported. */
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
	float *fmem = malloc(n + 32), *fcopy = malloc(n);
	if (fmem == NULL || fcopy == NULL)
		return 1;
	float *fl = (float *)ALIGN32((char *)fmem + 1);
	for (int i = 0; i < n / 4; i += 4)
		_mm_storeu_ps(&fl[i], _mm_set1_ps((float)argc));
	memcpy(fcopy, fl, n);
	double fsum = 0;
	for (int i = 0; i < n / 4; i++)
		if (fcopy[i] > 0)
			fsum += fcopy[i];
	printf("%g\n", fsum);
	free(fcopy);
	free(fmem);
	free(copy);
	free(mem);
	return 0;
}

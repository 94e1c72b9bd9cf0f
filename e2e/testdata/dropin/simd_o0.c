/* SSE2 intrinsics at -O0: <emmintrin.h> defines them as extern inline
 * always_inline functions, which never have an out-of-line definition. */
#include <emmintrin.h>
#include <stdio.h>

int main(void)
{
	short out[8];
	__m128i v = _mm_setr_epi16(1, 2, 3, 4, 5, 6, 7, 8);
	v = _mm_add_epi16(v, _mm_set1_epi16(10));
	_mm_storeu_si128((__m128i *)out, v);
	for (int i = 0; i < 8; i++)
		printf("%d ", out[i]);
	printf("\n");
	return 0;
}

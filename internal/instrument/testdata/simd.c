/* SIMD intrinsics: <immintrin.h> declares the AVX512-FP16 ones with
 * _Float16, and each intrinsics header wraps its functions in
 * #pragma GCC push_options / target / pop_options, which must reach gcc in
 * order (pmmintrin.h's own SSE3 functions need theirs). */
#include <immintrin.h>

float addsub_first(const float *a, const float *b)
{
	__m128 x = _mm_loadu_ps(a), y = _mm_loadu_ps(b);
	float out[4];
	_mm_storeu_ps(out, _mm_add_ps(x, y));
	return out[0] + out[1];
}

/* Vectors filled one lane at a time through SSE2 intrinsics: the first
 * load passes a vector whose lanes were never written, and keeps only the
 * lane it does not replace (the next load fills it), as nbody programs
 * do. Only the lanes' values reach the output. */
#include <emmintrin.h>
#include <stdio.h>

struct pair {
	double a, b;
};

static double dot(const struct pair *p, int n)
{
	__m128d acc = _mm_setzero_pd();
	__m128d v[2];
	for (int i = 0; i + 1 < n; i += 2) {
		v[0] = _mm_loadl_pd(v[0], &p[i].a);
		v[0] = _mm_loadh_pd(v[0], &p[i + 1].a);
		v[1] = _mm_loadl_pd(v[1], &p[i].b);
		v[1] = _mm_loadh_pd(v[1], &p[i + 1].b);
		acc = _mm_add_pd(acc, _mm_mul_pd(v[0], v[1]));
	}
	double out[2];
	_mm_storeu_pd(out, acc);
	return out[0] + out[1];
}

int main(void)
{
	struct pair p[8];
	for (int i = 0; i < 8; i++) {
		p[i].a = i + 0.5;
		p[i].b = 8 - i;
	}
	printf("%.3f\n", dot(p, 8));
	return 0;
}

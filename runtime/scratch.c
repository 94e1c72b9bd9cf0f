/* scratch.c: memory and sorting for the runtime's own work. It runs
 * where calling malloc would change the heap it looks at (the leak check,
 * a cycle collection) and qsort may call malloc. */
#include "internal.h"

#include <string.h>
#include <sys/mman.h>

void *ml_scratch(size_t n)
{
	void *p = mmap(0, n ? n : 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	return p == MAP_FAILED ? 0 : p;
}

static void ml_swap(char *a, char *b, size_t size)
{
	while (size--) {
		char t = *a;
		*a++ = *b;
		*b++ = t;
	}
}

static void ml_sift(char *v, size_t i, size_t n, size_t size, int (*less)(const void *, const void *))
{
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= n)
			return;
		if (c + 1 < n && less(v + c * size, v + (c + 1) * size))
			c++;
		if (!less(v + i * size, v + c * size))
			return;
		ml_swap(v + i * size, v + c * size, size);
		i = c;
	}
}

void ml_sort(void *base, size_t n, size_t size, int (*less)(const void *, const void *))
{
	char *v = base;
	for (size_t i = n / 2; i-- > 0;)
		ml_sift(v, i, n, size, less);
	for (size_t k = n; k > 1; k--) {
		ml_swap(v, v + (k - 1) * size, size);
		ml_sift(v, 0, k - 1, size, less);
	}
}

/* LSD radix sort on the address at each element's start, 11 bits a pass
 * over the bits in which the addresses differ (above the low ones all of
 * them share: malloc aligns): a few passes over the array however many
 * millions of blocks the heap holds, where the heapsort's comparisons
 * would cost seconds. The passes' counts are taken in one read of the
 * array, and elements (whole words) move word by word. */
#define ML_RADIX_BITS 11
int ml_sort_by_address(void *base, size_t n, size_t size)
{
	if (n < 2)
		return 1;
	const size_t words = size / sizeof(uptr);
	uptr *v = base;
	uptr lo = ~(uptr)0, hi = 0, differ = 0;
	for (size_t i = 0; i < n; i++) {
		uptr a = v[i * words];
		lo = a < lo ? a : lo;
		hi = a > hi ? a : hi;
		differ |= a ^ v[0];
	}
	if (!differ)
		return 1;
	const unsigned low = (unsigned)__builtin_ctzl(differ);
	const unsigned bits = 64 - (unsigned)__builtin_clzl((hi - lo) >> low);
	const unsigned passes = (bits + ML_RADIX_BITS - 1) / ML_RADIX_BITS;
	const size_t digits = (size_t)1 << ML_RADIX_BITS, mask = digits - 1;
	size_t *count = ml_scratch(passes * digits * sizeof *count);
	uptr *tmp = ml_scratch(n * size);
	if (!count || !tmp) {
		if (count)
			munmap(count, passes * digits * sizeof *count);
		if (tmp)
			munmap(tmp, n * size);
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		uptr key = (v[i * words] - lo) >> low;
		for (unsigned p = 0; p < passes; p++)
			count[p * digits + ((key >> (p * ML_RADIX_BITS)) & mask)]++;
	}
	uptr *from = v, *to = tmp;
	for (unsigned p = 0; p < passes; p++) {
		size_t *c = &count[p * digits], at = 0;
		for (size_t d = 0; d < digits; d++) {
			size_t k = c[d];
			c[d] = at;
			at += k;
		}
		const unsigned shift = low + p * ML_RADIX_BITS;
		for (size_t i = 0; i < n; i++) {
			const uptr *e = &from[i * words];
			uptr *d = &to[c[((e[0] - lo) >> shift) & mask]++ * words];
			for (size_t w = 0; w < words; w++)
				d[w] = e[w];
		}
		uptr *t = from;
		from = to;
		to = t;
	}
	if (from != v)
		memcpy(v, from, n * size);
	munmap(count, passes * digits * sizeof *count);
	munmap(tmp, n * size);
	return 1;
}

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

void ml_scratch_free(void *p, size_t n)
{
	munmap(p, n ? n : 1);
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
 * over the bits in which the addresses differ: a few passes over the
 * array however many millions of blocks the heap holds, where the
 * heapsort's comparisons would cost seconds. */
#define ML_RADIX_BITS 11
int ml_sort_by_address(void *base, size_t n, size_t size)
{
	if (n < 2)
		return 1;
	char *v = base;
	uptr lo = ~(uptr)0, hi = 0;
	for (size_t i = 0; i < n; i++) {
		uptr a = *(const uptr *)(v + i * size);
		lo = a < lo ? a : lo;
		hi = a > hi ? a : hi;
	}
	if (lo == hi)
		return 1;
	unsigned bits = 64 - (unsigned)__builtin_clzl(hi - lo);
	size_t *count = ml_scratch(sizeof(size_t) << ML_RADIX_BITS);
	char *tmp = ml_scratch(n * size);
	if (!count || !tmp) {
		if (count)
			munmap(count, sizeof(size_t) << ML_RADIX_BITS);
		if (tmp)
			munmap(tmp, n * size);
		return 0;
	}
	char *from = v, *to = tmp;
	for (unsigned shift = 0; shift < bits; shift += ML_RADIX_BITS) {
		const uptr mask = ((uptr)1 << ML_RADIX_BITS) - 1;
		memset(count, 0, sizeof(size_t) << ML_RADIX_BITS);
		for (size_t i = 0; i < n; i++)
			count[((*(const uptr *)(from + i * size) - lo) >> shift) & mask]++;
		size_t at = 0;
		for (size_t d = 0; d <= mask; d++) {
			size_t c = count[d];
			count[d] = at;
			at += c;
		}
		for (size_t i = 0; i < n; i++) {
			const char *e = from + i * size;
			memcpy(to + count[((*(const uptr *)e - lo) >> shift) & mask]++ * size, e, size);
		}
		char *t = from;
		from = to;
		to = t;
	}
	if (from != v)
		memcpy(v, from, n * size);
	munmap(count, sizeof(size_t) << ML_RADIX_BITS);
	munmap(tmp, n * size);
	return 1;
}

/* scratch.c: memory and sorting for the runtime's own work. It runs
 * where calling malloc would change the heap it looks at (the leak check,
 * a cycle collection) and qsort may call malloc. */
#include "internal.h"

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

/* Words at a time where the elements allow: the leak check sorts its
 * crowded pieces of 16-byte blocks, which byte by byte cost forest 300000
 * a fifth of its instructions. */
typedef uint64_t __attribute__((may_alias)) ml_word;
static void ml_swap(char *a, char *b, size_t size)
{
	if (!((size | (uptr)a | (uptr)b) & 7)) {
		for (ml_word *x = (ml_word *)a, *y = (ml_word *)b; size; size -= 8) {
			ml_word t = *x;
			*x++ = *y;
			*y++ = t;
		}
		return;
	}
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

/* A recursive merge helper takes more arguments than there are argument
 * registers with its pointers' metas: optimised, the metas that do not fit
 * (of its pointers, and of the struct holding one) travel through the
 * per-thread area rather than pushed as extra parameters. It is handed
 * pointers already far past their blocks, where other live blocks lie:
 * only the metas passed with them, not the addresses, say which blocks
 * they belong to.
 * memlens:cflags -O2 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct span {
	const char *p;
	long n;
};

static __attribute__((noinline)) long merge_back(char *dst, struct span a, const char *src, long n, long step, int depth)
{
	if (n == 0)
		return depth;
	dst[n - 1] = (char)(src[n - 1] + a.p[(n - 1) % a.n]); // want HEAP-BUFFER-OVERFLOW
	return merge_back(dst, a, src, n - step, step, depth + 1) + (dst[n - 1] == 0);
}

int main(void)
{
	char *src = malloc(16), *other = malloc(64), *dst = malloc(16);
	char *key = malloc(16), *other_key = malloc(64);
	if (!src || !other || !dst || !key || !other_key)
		return 1;
	memset(src, 1, 16);
	memset(other, 2, 64);
	memset(key, 3, 16);
	memset(other_key, 4, 64);
	struct span a = {key, 16};
	printf("%ld\n", merge_back(dst, a, src, 4, 1, 0));
	/* src + off lands 8 bytes into other */
	long off = (long)((uintptr_t)other - (uintptr_t)src) + 8;
	printf("%ld\n", merge_back(dst, a, src + off, 4, 1, 0));
	/* and a.p 8 bytes into other_key */
	a.p = key + (long)((uintptr_t)other_key - (uintptr_t)key) + 8;
	printf("%ld\n", merge_back(dst, a, src, 4, 1, 0));
	printf("%d\n", dst[0]);
	free(src);
	free(other);
	free(dst);
	free(key);
	free(other_key);
	return 0;
}

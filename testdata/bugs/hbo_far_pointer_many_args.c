/* A recursive copy helper takes more arguments than there are argument
 * registers, so unoptimised the metas of its pointers travel through the
 * per-thread area rather than as extra parameters. It is handed a source
 * pointer already far past its block, where another live block lies: only
 * the meta passed with it, not the address, says which block it belongs
 * to.
 * memlens:cflags -O0 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long copy_back(char *dst, const char *src, long n, long step, int depth)
{
	if (n == 0)
		return depth;
	dst[n - 1] = src[n - 1]; // want HEAP-BUFFER-OVERFLOW
	return copy_back(dst, src, n - step, step, depth + 1);
}

int main(void)
{
	char *src = malloc(16), *other = malloc(64), *dst = malloc(16);
	if (!src || !other || !dst)
		return 1;
	memset(src, 's', 16);
	memset(other, 'o', 64);
	printf("%ld\n", copy_back(dst, src, 4, 1, 0));
	/* off lands 8 bytes into other */
	long off = (long)((uintptr_t)other - (uintptr_t)src) + 8;
	printf("%ld\n", copy_back(dst, src + off, 4, 1, 0));
	printf("%c\n", dst[0]);
	free(src);
	free(other);
	free(dst);
	return 0;
}

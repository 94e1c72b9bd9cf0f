/* A function with external linkage that calls nothing keeps its pointer
 * locals' provenance in the thread's words past its parameters', as it
 * keeps its parameters' (optimised: instrument's localArgWords); its
 * failing check reads them there, so the chain climbs from the local
 * overflowed through its assignments and its caller's call to the
 * allocation. Locals declared with and without a value, one assigned
 * in the loop from another. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) unsigned copy_runs(unsigned char *dst, const unsigned char *src, unsigned n)
{
	const unsigned char *in = src;
	unsigned char *out;
	unsigned char *start = dst; // want chain:HEAP-BUFFER-OVERFLOW
	unsigned copied = 0;
	out = start; // want chain:HEAP-BUFFER-OVERFLOW
	while (copied <= n) {
		const unsigned char *from = in;
		*out++ = *from; // want HEAP-BUFFER-OVERFLOW
		in++;
		copied++;
	}
	return copied;
}

int main(void)
{
	unsigned char src[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
	unsigned char *dst = malloc(8); // want origin:HEAP-BUFFER-OVERFLOW
	if (dst == NULL)
		return 1;
	printf("%u\n", copy_runs(dst, src, 8)); // want chain:HEAP-BUFFER-OVERFLOW
	printf("%d\n", dst[1]);
	free(dst);
	return 0;
}

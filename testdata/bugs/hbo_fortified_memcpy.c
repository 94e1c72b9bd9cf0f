/* Built with _FORTIFY_SOURCE, glibc defines memcpy in its headers as a
 * checking wrapper; memlens still checks the call against the block. The
 * copy length depends on the input, so fortify cannot see the overflow.
 * memlens:cflags -O2 -D_FORTIFY_SOURCE=2 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	(void)argv;
	size_t n = 8 + (size_t)argc; /* 9 */
	char *dst = malloc(8);
	char src[16] = "fortified copy";
	if (dst == NULL)
		return 1;
	memcpy(dst, src, n); // want HEAP-BUFFER-OVERFLOW
	printf("%.8s\n", dst);
	free(dst);
	return 0;
}

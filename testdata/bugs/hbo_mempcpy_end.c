/* mempcpy returns the end of what it copied, in its destination: a write
 * through it past a full buffer overflows the destination. memlens did not
 * know where the result came from and looked it up by address: one past a
 * heap block lies in no block, so the write went unchecked. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

static char *terminated_copy(char *dest, const char *s, size_t n)
{
	char *end = mempcpy(dest, s, n);
	*end = '\0'; // want HEAP-BUFFER-OVERFLOW
	return dest;
}

int main(void)
{
	char *buf = malloc(16);
	if (!buf)
		return 1;
	terminated_copy(buf, "0123456789abcdef", 16);
	free(buf);
	return 0;
}

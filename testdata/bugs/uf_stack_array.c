/* format() returns either a heap string or, for short results, a buffer of
 * the caller; the caller frees whatever it got. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *format(char *small, size_t small_len, int n)
{
	char tmp[64];
	int len = snprintf(tmp, sizeof tmp, "value=%d", n);
	if ((size_t)len < small_len) {
		memcpy(small, tmp, (size_t)len + 1);
		return small;
	}
	char *p = malloc((size_t)len + 1);
	if (p == NULL)
		exit(1);
	memcpy(p, tmp, (size_t)len + 1);
	return p;
}

int main(void)
{
	char local[16];
	char *s = format(local, sizeof local, 12345);
	printf("%s\n", s);
	free(s); // want UNMATCHED-FREE
	return 0;
}

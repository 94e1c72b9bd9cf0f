/* A row of n wide characters is copied with its terminator into a block
 * of n: one element (4 bytes) too many. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

static wchar_t *row(const wchar_t *src, size_t n)
{
	wchar_t *r = malloc(n * sizeof *r);
	if (r == NULL)
		exit(1);
	wmemcpy(r, src, n + 1); // want HEAP-BUFFER-OVERFLOW
	return r;
}

int main(void)
{
	wchar_t *r = row(L"#####", 5);
	printf("%lc\n", (wint_t)r[4]);
	free(r);
	return 0;
}

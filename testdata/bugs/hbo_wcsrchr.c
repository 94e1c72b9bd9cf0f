/* The extension of a name copied without its terminator: wcsrchr reads
 * the whole string, past the block. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

int main(void)
{
	const wchar_t *src = L"a.out";
	size_t n = wcslen(src);
	wchar_t *name = malloc(n * sizeof *name);
	if (name == NULL)
		return 1;
	wmemcpy(name, src, n);
	wchar_t *dot = wcsrchr(name, L'.'); // want HEAP-BUFFER-OVERFLOW
	printf("%d\n", dot != NULL);
	free(name);
	return 0;
}

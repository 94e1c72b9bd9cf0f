/* A wide string is converted into a block sized by its length, without
 * room for the terminating NUL, and wcstombs is told the true size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

int main(void)
{
	const wchar_t *w = L"narrow";
	size_t n = wcslen(w);
	char *s = malloc(n);
	if (s == NULL)
		return 1;
	size_t r = wcstombs(s, w, n + 1); // want HEAP-BUFFER-OVERFLOW
	printf("%zu %c\n", r, s[0]);
	free(s);
	return 0;
}

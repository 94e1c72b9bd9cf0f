/* A wide string is copied into a block sized by wcslen: no room for the
 * terminating L'\0' (4 bytes past the 20-byte block). Checked at the call. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

static wchar_t *copy_name(const wchar_t *s)
{
	wchar_t *d = malloc(wcslen(s) * sizeof *d);
	if (d == NULL)
		exit(1);
	return wcscpy(d, s); // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	wchar_t *n = copy_name(L"Grace");
	printf("initial %lc\n", (wint_t)n[0]);
	free(n);
	return 0;
}

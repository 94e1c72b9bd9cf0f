/* A wide buffer gets its characters but never its terminator: wcslen
 * reads elements nobody wrote. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

int main(void)
{
	wchar_t *w = malloc(16 * sizeof *w);
	if (w == NULL)
		return 1;
	wmemcpy(w, L"abc", 3);
	w[15] = L'\0';
	printf("%d\n", wcslen(w) >= 3); // want UNINITIALIZED-READ
	free(w);
	return 0;
}

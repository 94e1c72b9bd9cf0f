/* Five wide characters are copied into a block of five without the
 * terminator; wcscmp against a longer word equal over all five reads the
 * sixth element, past the block. Against a word differing in the last
 * element it stops inside: no report. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

int main(void)
{
	wchar_t *w = malloc(5 * sizeof *w);
	if (w == NULL)
		return 1;
	wmemcpy(w, L"stock", 5);
	int other = wcscmp(w, L"stocZ") != 0;
	int same = wcscmp(w, L"stocks") == 0; // want HEAP-BUFFER-OVERFLOW
	printf("%d %d\n", other, same);
	free(w);
	return 0;
}

/* Two records are compared over the length of the longer one. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

int main(void)
{
	wchar_t *a = malloc(3 * sizeof *a), *b = malloc(5 * sizeof *b);
	if (a == NULL || b == NULL)
		return 1;
	wmemcpy(a, L"abc", 3);
	wmemcpy(b, L"abcde", 5);
	printf("%d\n", wmemcmp(a, b, 5) == 0); // want HEAP-BUFFER-OVERFLOW
	free(a);
	free(b);
	return 0;
}

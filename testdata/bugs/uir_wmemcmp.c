/* Two key buffers are compared whole, but only the first was filled
 * completely. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

int main(void)
{
	wchar_t *a = malloc(4 * sizeof *a), *b = malloc(4 * sizeof *b);
	if (a == NULL || b == NULL)
		return 1;
	wmemset(a, L'k', 4);
	wmemset(b, L'k', 3);
	printf("%d\n", wmemcmp(a, b, 4) == 0); // want UNINITIALIZED-READ
	free(a);
	free(b);
	return 0;
}

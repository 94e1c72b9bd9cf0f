/* wcsdup of a wide buffer that was filled without its terminator reads
 * past the block. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

int main(void)
{
	wchar_t *tag = malloc(3 * sizeof *tag);
	if (tag == NULL)
		return 1;
	wmemset(tag, L'z', 3);
	wchar_t *copy = wcsdup(tag); // want HEAP-BUFFER-OVERFLOW
	printf("%d\n", copy != NULL);
	free(copy);
	free(tag);
	return 0;
}

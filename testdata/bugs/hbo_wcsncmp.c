/* A 4-character key without terminator is compared with wcsncmp bounded
 * by the longer keyword: equal for 4 characters, it reads the 5th. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

int main(void)
{
	wchar_t *key = malloc(4 * sizeof *key);
	if (key == NULL)
		return 1;
	wmemcpy(key, L"exit", 4);
	int match = wcsncmp(key, L"exited", 6) == 0; // want HEAP-BUFFER-OVERFLOW
	printf("%d\n", match);
	free(key);
	return 0;
}

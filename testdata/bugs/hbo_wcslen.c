/* A fixed-width record field is filled to the last wide character, so it
 * has no terminator; wcslen runs off the end of the block. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

struct rec {
	wchar_t code[4];
};

int main(void)
{
	struct rec *r = malloc(sizeof *r);
	if (r == NULL)
		return 1;
	wmemcpy(r->code, L"ABCD", 4);
	printf("%zu\n", wcslen(r->code)); // want HEAP-BUFFER-OVERFLOW
	free(r);
	return 0;
}

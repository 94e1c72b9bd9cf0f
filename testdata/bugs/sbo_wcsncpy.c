/* wcsncpy pads the destination with L'\0' up to n wide characters: a
 * field of 8 wide characters is given the width of another (10), so even
 * a short value writes 40 bytes into 32. */
#include <stdio.h>
#include <wchar.h>

#define NAME_WIDTH 10

static void show_code(const wchar_t *v)
{
	wchar_t code[8];
	wcsncpy(code, v, NAME_WIDTH); // want STACK-BUFFER-OVERFLOW
	code[7] = L'\0';
	printf("[%ls]\n", code);
}

int main(void)
{
	show_code(L"X1");
	return 0;
}

/* wcsncat appends at most n wide characters and then L'\0': bounding n by
 * the room left forgets the terminator. */
#include <stdio.h>
#include <wchar.h>

static wchar_t title[12] = L"Dr. ";

int main(void)
{
	const wchar_t *name = L"Livingstone";
	size_t room = sizeof title / sizeof title[0] - wcslen(title);
	wcsncat(title, name, room); // want GLOBAL-BUFFER-OVERFLOW
	printf("%lc%lc%lc\n", (wint_t)title[0], (wint_t)title[1], (wint_t)title[2]);
	return 0;
}

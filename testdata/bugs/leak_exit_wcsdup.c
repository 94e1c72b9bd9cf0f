// memlens:options leak_check=exit
/* Each label is duplicated with wcsdup for a case-insensitive test and
 * never freed. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>
#include <wctype.h>

static int is_yes(const wchar_t *s)
{
	wchar_t *t = wcsdup(s); // want MEMORY-LEAK
	for (wchar_t *p = t; *p; p++)
		*p = (wchar_t)towlower((wint_t)*p);
	return wcscmp(t, L"yes") == 0;
}

int main(void)
{
	const wchar_t *answers[] = {L"YES", L"no", L"Yes"};
	int k = 0;
	for (int i = 0; i < 3; i++)
		k += is_yes(answers[i]);
	printf("%d\n", k);
	return 0;
}

/* A lookup that fails returns NULL, which is searched without a check. */
#include <stdio.h>
#include <wchar.h>

static const wchar_t *find_value(const wchar_t *key)
{
	return wcscmp(key, L"home") == 0 ? L"/home/user" : NULL;
}

int main(void)
{
	const wchar_t *v = find_value(L"shell");
	printf("%d\n", wcschr(v, L'/') != NULL); // want NULL-POINTER-DEREF
	return 0;
}

/* A label is replaced (the old one freed) while a cursor still holds it;
 * wcscmp then reads freed memory. Checked at the call. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

struct item {
	wchar_t *label;
};

static void relabel(struct item *it, const wchar_t *s)
{
	free(it->label);
	it->label = wcsdup(s);
}

int main(void)
{
	struct item it = {wcsdup(L"draft")};
	const wchar_t *cursor = it.label;
	relabel(&it, L"final");
	int same = wcscmp(cursor, L"draft") == 0; // want DANGLING-POINTER-DEREF
	printf("unchanged: %s\n", same ? "yes" : "no");
	free(it.label);
	return 0;
}

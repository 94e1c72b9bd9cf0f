/* A message buffer is freed by a reset and then searched. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

struct log {
	wchar_t *text;
};

static void reset(struct log *l)
{
	free(l->text);
}

int main(void)
{
	struct log l = {wcsdup(L"disk full: retry later")};
	if (l.text == NULL)
		return 1;
	const wchar_t *text = l.text;
	reset(&l);
	printf("%d\n", wcsstr(text, L"full") != NULL); // want DANGLING-POINTER-DEREF
	return 0;
}

/* A wcsdup'd name is replaced by another without freeing it. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

struct user {
	wchar_t *name;
};

int main(void)
{
	struct user u;
	u.name = wcsdup(L"alice"); // want alloc:MEMORY-LEAK
	u.name = wcsdup(L"bob"); // want full:MEMORY-LEAK
	printf("%ls\n", u.name);
	free(u.name);
	return 0;
}

/* A path is built with wcscat in a block sized for the directory and the
 * file name but not the separator. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

int main(void)
{
	const wchar_t *dir = L"/tmp", *file = L"x.txt";
	wchar_t *path = malloc((wcslen(dir) + wcslen(file) + 1) * sizeof *path);
	if (path == NULL)
		return 1;
	wcscpy(path, dir);
	wcscat(path, L"/");
	wcscat(path, file); // want HEAP-BUFFER-OVERFLOW
	printf("%lc...\n", (wint_t)path[0]);
	free(path);
	return 0;
}

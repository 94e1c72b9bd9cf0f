/* Joining a directory and a file name: the size accounts for both names and
 * the terminator but forgets the '/' separator, so the last strcat writes
 * the terminator one byte past the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *join(const char *dir, const char *file)
{
	char *p = malloc(strlen(dir) + strlen(file) + 1);
	if (p == NULL)
		exit(1);
	strcpy(p, dir);
	strcat(p, "/");
	strcat(p, file); // want HEAP-BUFFER-OVERFLOW
	return p;
}

int main(void)
{
	char *path = join("/usr/share", "dict");
	printf("%.15s\n", path);
	free(path);
	return 0;
}

// memlens:options leak_check=exit
/* A directory is opened to count entries and never closed: the DIR
 * stream libc allocated was handed to the program, so it is the
 * program's leak. */
#include <dirent.h>
#include <stdio.h>

static int count(const char *path)
{
	DIR *d = opendir(path); // want MEMORY-LEAK
	if (!d)
		return -1;
	int n = 0;
	while (readdir(d))
		n++;
	return n > 0;
}

int main(void)
{
	printf("%d\n", count("."));
	return 0;
}

/* Modelled on Tar 1.13.25's incremental backup (paper 000, Fig. 4):
 * savedir returns NULL when the directory cannot be opened, and the
 * caller walks the entries of that NULL with strlen. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The names in directory dir, each followed by a NUL, then an empty name;
 * NULL if dir cannot be read. */
static char *savedir(const char *dir)
{
	DIR *dirp = opendir(dir);
	if (dirp == NULL)
		return NULL; // want origin:NULL-POINTER-DEREF
	size_t used = 0, size = 64;
	char *names = malloc(size);
	if (names == NULL) {
		closedir(dirp);
		return NULL;
	}
	struct dirent *dp;
	while ((dp = readdir(dirp)) != NULL) {
		size_t len = strlen(dp->d_name) + 1;
		if (used + len + 1 > size) {
			size = 2 * (used + len + 1);
			char *bigger = realloc(names, size);
			if (bigger == NULL)
				break;
			names = bigger;
		}
		memcpy(names + used, dp->d_name, len);
		used += len;
	}
	names[used] = '\0';
	closedir(dirp);
	return names;
}

static int get_directory_contents(const char *path)
{
	char *dirp = savedir(path); // want chain:NULL-POINTER-DEREF
	int count = 0;
	size_t entrylen;
	for (char *entry = dirp; (entrylen = strlen(entry)) != 0; entry += entrylen + 1) // want NULL-POINTER-DEREF chain:NULL-POINTER-DEREF
		count++;
	free(dirp);
	return count;
}

int main(void)
{
	printf("%d entries\n", get_directory_contents("/nonexistent/memlens/dir"));
	return 0;
}

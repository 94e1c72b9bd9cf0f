/* Read-only string functions called in loops with arguments that do not
 * change (gnulib's test-strstr): optimised, gcc calls them once, as it
 * does libc's, which are pure; the pointers they return point into their
 * first argument and are used as such. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t found(const char *hay, const char *needle, int times)
{
	size_t total = 0;
	for (int i = 0; i < times; i++) {
		total += (strstr(hay, needle) == hay + 6) + strlen(needle) + (strchr(hay, 'w') != NULL) + (memcmp(hay, needle, 1) != 0);
		total += strspn(hay, "hel") + strcspn(hay, " ") + (strncmp(hay, "hello", 5) == 0);
	}
	return total;
}

int main(void)
{
	char *hay = malloc(32);
	strcpy(hay, "hello needle world");
	printf("%zu\n", found(hay, "needle", 100000));

	const char *at[6] = {
		strstr(hay, "world"), strchr(hay, 'n'), strrchr(hay, 'l'),
		memchr(hay, 'd', strlen(hay)), strpbrk(hay, "dw"), memrchr(hay, 'e', 12),
	};
	for (int i = 0; i < 6; i++)
		printf("%td %c%c\n", at[i] - hay, at[i][0], at[i][1]);
	printf("%d\n", strstr(hay, "absent") == NULL && strchr(hay, 'z') == NULL);
	free(hay);
	return 0;
}

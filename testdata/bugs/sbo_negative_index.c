/* A search that returns -1 when nothing matches, used as an index. */
#include <stdio.h>
#include <string.h>

static int find(const char *const names[], int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	return -1;
}

int main(void)
{
	const char *names[3] = {"ada", "bob", "cy"};
	int ages[3] = {36, 41, 29};
	int i = find(names, 3, "dee");
	printf("%d\n", ages[i]); // want STACK-BUFFER-OVERFLOW
	return 0;
}

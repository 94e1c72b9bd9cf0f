#include <stdlib.h>
#include <string.h>

char *util_dup(const char *s)
{
	char *d = malloc(strlen(s) + 1);
	strcpy(d, s);
	return d;
}

/* Writes one element past its block when asked to. */
int util_fill(int n, int past)
{
	int *a = malloc(4 * sizeof *a);
	for (int i = 0; i < n + past; i++)
		a[i] = i;
	int r = a[n - 1];
	free(a);
	return r;
}

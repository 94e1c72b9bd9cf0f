/* An array of pointers grown with realloc, entries swapped and moved
 * between slots; everything freed at the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char **v = NULL;
	size_t n = 0;
	for (int i = 0; i < 40; i++) {
		v = realloc(v, (n + 1) * sizeof *v);
		v[n] = malloc(8);
		snprintf(v[n], 8, "%d", i);
		n++;
	}
	char *t = v[0];
	v[0] = v[n - 1];
	v[n - 1] = t;
	char *gone = v[1];
	memmove(v + 1, v + 2, (n - 2) * sizeof *v);
	free(gone);
	v[n - 1] = NULL;
	n--;
	printf("%s %s %zu\n", v[0], v[n - 1], n);
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
	return 0;
}

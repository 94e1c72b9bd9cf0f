/* A rule of n wide characters is drawn with room reserved for n, then
 * terminated in place by setting n + 1 elements. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

int main(void)
{
	size_t n = 5;
	wchar_t *rule = malloc(n * sizeof *rule);
	if (rule == NULL)
		return 1;
	wmemset(rule, L'-', n + 1); // want HEAP-BUFFER-OVERFLOW
	printf("%lc\n", (wint_t)rule[0]);
	free(rule);
	return 0;
}

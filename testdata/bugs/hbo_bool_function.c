/* A function whose return type is <stdbool.h>'s bool: the line markers
 * place its first token, `_Bool`, in the system header, but the function
 * is the user's, checked like any other, and its calls of the unit's
 * static functions pass what their definitions take. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static int sum(const int *v, int n)
{
	int total = 0;
	for (int i = 0; i < n; i++)
		total += v[i];
	return total;
}

bool all_positive(const int *v, int n)
{
	for (int i = 0; i <= n; i++)
		if (v[i] < 0) // want HEAP-BUFFER-OVERFLOW
			return false;
	return sum(v, n) > 0;
}

int main(void)
{
	int *v = malloc(4 * sizeof *v);
	for (int i = 0; i < 4; i++)
		v[i] = i + 1;
	printf("%d\n", all_positive(v, 4));
	free(v);
	return 0;
}

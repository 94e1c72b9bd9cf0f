/* Identifiers in UTF-8 (C99 extended identifiers, which gcc -E writes as
 * universal character names): the unit is instrumented like any other. */
#include <stdio.h>
#include <stdlib.h>

static int somme(const int *données, int n)
{
	int total = 0;
	for (int i = 0; i <= n; i++)
		total += données[i]; // want HEAP-BUFFER-OVERFLOW
	return total;
}

int main(void)
{
	int *données = malloc(4 * sizeof *données);
	for (int i = 0; i < 4; i++)
		données[i] = i;
	printf("%d\n", somme(données, 4));
	free(données);
	return 0;
}

/* An index computed from the distance between two blocks: a[gap] lands
 * exactly on b[0], inside another live block. Address-based tools (and
 * Valgrind) see a valid address and read b's first element; memlens checks
 * the access against the block the pointer a was derived from. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int *a = malloc(8 * sizeof *a);
	int *b = malloc(8 * sizeof *b);
	if (a == NULL || b == NULL)
		return 1;
	for (int i = 0; i < 8; i++) {
		a[i] = i;
		b[i] = 100 + i;
	}
	intptr_t gap = ((intptr_t)b - (intptr_t)a) / (intptr_t)sizeof *a;
	int v = a[gap]; // want HEAP-BUFFER-OVERFLOW
	printf("a[%s] reads %d\n", gap > 0 ? "gap" : "-gap", v);
	free(a);
	free(b);
	return 0;
}

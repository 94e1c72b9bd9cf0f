/* memlens:cflags -D__ML_NO_ASM
 *
 * The checks in plain C (the form used where the asm one is unavailable):
 * pointers that travel through memory, including through a libc memcpy,
 * keep their blocks, and accesses past either end are reported. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct row {
	int *cells;
	int n;
};

int main(void)
{
	struct row rows[3], copy[3];
	for (int i = 0; i < 3; i++) {
		rows[i].n = 4 + i;
		rows[i].cells = calloc((size_t)rows[i].n, sizeof(int));
	}
	memcpy(copy, rows, sizeof rows); /* the shadow travels with the pointers */
	long sum = 0;
	for (int i = 0; i < 3; i++)
		for (int j = 0; j <= copy[i].n; j++)
			sum += copy[i].cells[j]; // want HEAP-BUFFER-OVERFLOW
	int *p = rows[1].cells;
	p[-1] = 7; // want HEAP-BUFFER-OVERFLOW
	printf("%ld\n", sum);
	for (int i = 0; i < 3; i++)
		free(rows[i].cells);
	return 0;
}

/* A buffer allocated in main is handed down through two helpers; the
 * innermost one writes one element past the end. The chain climbs the
 * calls back to the allocation. */
#include <stdio.h>
#include <stdlib.h>

static void fill(int *dst, int n)
{
	for (int i = 0; i <= n; i++) /* <= : one too many */
		dst[i] = i * i; // want HEAP-BUFFER-OVERFLOW
}

static void prepare(int *buf, int n)
{
	fill(buf, n); // want chain:HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	int n = 8;
	int *data = malloc(n * sizeof *data); // want origin:HEAP-BUFFER-OVERFLOW
	if (data == NULL)
		return 1;
	int *cursor = data; // want chain:HEAP-BUFFER-OVERFLOW
	prepare(cursor, n); // want chain:HEAP-BUFFER-OVERFLOW
	printf("%d\n", data[3]);
	free(data);
	return 0;
}

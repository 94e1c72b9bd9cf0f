/* A lookup table is loaded lazily; one code path indexes it before it was
 * loaded. */
#include <stdio.h>
#include <stdlib.h>

static int *squares; /* loaded on demand */

static void load(void)
{
	squares = malloc(16 * sizeof *squares);
	if (squares == NULL)
		exit(1);
	for (int i = 0; i < 16; i++)
		squares[i] = i * i;
}

static int square_fast(int i)
{
	return squares[i]; // want NULL-POINTER-DEREF
}

static int square(int i)
{
	if (squares == NULL)
		load();
	return squares[i];
}

int main(void)
{
	printf("fast 3^2 = %d\n", square_fast(3));
	printf("3^2 = %d\n", square(3));
	free(squares);
	return 0;
}

/* Vectors converted with __builtin_convertvector stored into a heap array
 * of vectors one slot too short: the last store lands past the block. */
#include <stdio.h>
#include <stdlib.h>

typedef int v4si __attribute__((vector_size(16)));
typedef short v4hi __attribute__((vector_size(8)));

int main(void)
{
	int rows = 3;
	v4hi *out = malloc((rows - 1) * sizeof *out);
	for (int r = 0; r < rows; r++) {
		v4si v = {r, r + 1, r + 2, r + 3};
		out[r] = __builtin_convertvector(v * 2, v4hi); // want HEAP-BUFFER-OVERFLOW
	}
	printf("%d\n", out[1][3]);
	free(out);
	return 0;
}

/* Concatenating two arrays into a block sized na + nb - 1: the second
 * memcpy writes one element past the end. Checked at the call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int *concat(const int *a, size_t na, const int *b, size_t nb)
{
	int *all = malloc((na + nb - 1) * sizeof *all);
	if (all == NULL)
		exit(1);
	memcpy(all, a, na * sizeof *a);
	memcpy(all + na, b, nb * sizeof *b); // want HEAP-BUFFER-OVERFLOW
	return all;
}

int main(void)
{
	int a[] = {1, 2, 3};
	int b[] = {4, 5, 6};
	int *all = concat(a, 3, b, 3);
	printf("first %d, middle %d\n", all[0], all[3]);
	free(all);
	return 0;
}

/* Undefined bytes copied out of a block make the runtime note that
 * block's origin in its record slot; freed, the slot is handed to a later
 * block (after about 65,536 frees here). The later block's own undefined
 * bytes must be told as coming from its own allocation, not from the
 * first block's, whose noted origin the slot still held. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pair {
	int a, b;
};
static struct pair kept[4];

int main(void)
{
	for (int i = 0; i < 140000; i++) {
		struct pair *p = malloc(sizeof *p);
		memcpy(&kept[i % 4], p, sizeof *p);
		free(p);
	}
	int *counts = malloc(2 * sizeof *counts); // want origin:UNINITIALIZED-READ
	if (counts[0] > 0) // want UNINITIALIZED-READ
		puts("positive");
	free(counts);
	return 0;
}

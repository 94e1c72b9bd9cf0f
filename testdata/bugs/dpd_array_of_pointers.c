/* Evicting an entry from a table of pointers frees it but does not clear
 * the slot; the report loop then reads the evicted entry. */
#include <stdio.h>
#include <stdlib.h>

struct item {
	long pad[2];
	int weight;
};

int main(void)
{
	struct item *slots[4];
	for (int i = 0; i < 4; i++) {
		slots[i] = malloc(sizeof *slots[i]);
		if (slots[i] == NULL)
			return 1;
		slots[i]->weight = (i + 1) * 5;
	}
	free(slots[2]); /* evict, but the slot keeps the pointer */
	int total = 0;
	for (int i = 0; i < 4; i++) {
		int w = slots[i]->weight; // want DANGLING-POINTER-DEREF
		total += w;
	}
	printf("total weight %d\n", total);
	for (int i = 0; i < 4; i++)
		if (i != 2)
			free(slots[i]);
	return 0;
}

/* A heap array's entries move within their block, as a binary heap's do:
 * the entry copied over has its flag unset too, so the copy changes no
 * definedness bit, but it is still a step of the flag's chain. */
#include <stdio.h>
#include <stdlib.h>

struct entry {
	long key;
	int flag;
	int weight;
};

int main(void)
{
	struct entry *a = malloc(4 * sizeof *a); // want full:origin:UNINITIALIZED-READ
	if (a == NULL)
		return 1;
	for (int i = 0; i < 4; i++) {
		a[i].key = 10 - i;
		a[i].weight = i;
	}
	a[3] = a[1]; // want full:chain:UNINITIALIZED-READ
	a[2] = a[3]; // want full:chain:UNINITIALIZED-READ
	printf("key %ld weight %d\n", a[2].key, a[2].weight);
	if (a[2].flag) // want full:UNINITIALIZED-READ
		puts("flagged");
	free(a);
	return 0;
}

// memlens:options leak_check=exit
/* The check at exit finds blocks wherever malloc put them: small ones in
 * the heap, large ones mapped far away (one of 300 MiB, larger than the
 * check keeps in its own table). A block held only from the end of the
 * 300 MiB one is reachable; the 1 MiB block dropped is lost, and the block
 * it alone held is lost with it (indirectly: a record of its own). */
#include <stdio.h>
#include <stdlib.h>

#define SMALL 20000
#define HUGE_BYTES (300UL << 20)

static char **keep;

int main(void)
{
	keep = malloc((SMALL + 1) * sizeof *keep);
	for (int i = 0; i < SMALL; i++)
		keep[i] = malloc(8 + i % 40);
	char **huge = malloc(HUGE_BYTES);
	huge[HUGE_BYTES / sizeof *huge - 1] = malloc(16); /* reachable through huge only */
	keep[SMALL] = (char *)huge;
	char **far = malloc(1 << 20); // want MEMORY-LEAK
	far[1000] = malloc(40); // want MEMORY-LEAK
	printf("%d\n", far[1000] != NULL);
	far = NULL;
	return 0;
}

/* A global cache pointer is replaced without freeing the old cache. */
#include <stdlib.h>

static int *cache;

static void refill(int n)
{
	cache = malloc(n * sizeof *cache); // want alloc:MEMORY-LEAK full:MEMORY-LEAK
	for (int i = 0; i < n; i++)
		cache[i] = i;
}

int main(void)
{
	refill(4);
	refill(8);
	free(cache);
	return 0;
}

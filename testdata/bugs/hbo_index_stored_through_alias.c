/* An index read from memory may change between two accesses that look
 * alike: a store through another pointer to the same field. The second
 * access is checked again. */
#include <stdio.h>
#include <stdlib.h>

struct edge {
	int to;
	int weight;
};

int main(int argc, char **argv)
{
	int *dist = calloc(4, sizeof *dist);
	struct edge *e = malloc(sizeof *e);
	int *target = &e->to;
	(void)argv;
	e->to = argc;
	e->weight = 1;
	dist[e->to] = e->weight;
	*target = 4;
	dist[e->to] = e->weight; // want HEAP-BUFFER-OVERFLOW
	printf("%d\n", dist[1]);
	free(e);
	free(dist);
	return 0;
}

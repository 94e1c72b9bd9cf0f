/* A recursive walk counts a list's nodes into an out-parameter it passes
 * on to a helper and to itself. Main's first count goes to a local long;
 * the second to a heap block of 4 bytes, too short for the long the
 * helper adds to. The helper's write is still checked: the parameter is
 * not always the address of a whole object (memlens's bare parameters,
 * passed on as they are, leave it out). */
#include <stdio.h>
#include <stdlib.h>

struct node {
	long value;
	struct node *next;
};

static void add_to(long *acc, long v)
{
	*acc += v; // want HEAP-BUFFER-OVERFLOW
}

static void count(const struct node *n, long *acc)
{
	if (n == NULL)
		return;
	add_to(acc, 1);
	count(n->next, acc);
}

int main(void)
{
	struct node nodes[3] = {{1, &nodes[1]}, {2, &nodes[2]}, {3, NULL}};
	long total = 0;
	long *short_total = malloc(4);
	if (short_total == NULL)
		return 1;
	count(nodes, &total);
	printf("%ld nodes\n", total);
	count(nodes, short_total);
	free(short_total);
	return 0;
}

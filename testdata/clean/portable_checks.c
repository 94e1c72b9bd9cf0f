/* memlens:cflags -D__ML_NO_ASM
 *
 * The checks in plain C: a linked structure built, copied by libc,
 * rewired and walked, with no report and the native output. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
	struct node *next;
	char name[12];
	long weight;
};

int main(void)
{
	struct node *nodes[8];
	for (int i = 0; i < 8; i++) {
		nodes[i] = malloc(sizeof(struct node));
		snprintf(nodes[i]->name, sizeof nodes[i]->name, "n%d", i);
		nodes[i]->weight = i * 3;
		nodes[i]->next = i ? nodes[i - 1] : NULL;
	}
	struct node *copies[8];
	memcpy(copies, nodes, sizeof nodes);
	long total = 0;
	for (struct node *n = copies[7]; n; n = n->next)
		total += n->weight + (long)strlen(n->name);
	nodes[0]->next = nodes[7]->next; /* a cycle through node 6 */
	int steps = 0;
	for (struct node *n = nodes[7]; steps < 20; n = n->next, steps++)
		total += n->name[1];
	printf("total %ld\n", total);
	for (int i = 0; i < 8; i++)
		free(nodes[i]);
	return 0;
}

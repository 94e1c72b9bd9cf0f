// memlens:options leak_check=exit
/* Lists built by prepending: each node is newer than the one it points to,
 * and malloc put it above, so the check's marking, which walks the blocks
 * in address order, finds every next node behind it. The kept list is
 * reachable whole; of the dropped one the head is definitely lost and the
 * rest indirectly; the buffer that only the kept list's oldest node knows,
 * by an address into its middle kept as an integer, is possibly lost. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NODES 2000

struct node {
	struct node *next;
	long value;
	uintptr_t payload;
};

static struct node *kept;

int main(void)
{
	char *buf = malloc(64); // want MEMORY-LEAK
	strcpy(buf + 16, "payload");
	for (long i = 0; i < NODES; i++) {
		struct node *n = malloc(sizeof *n);
		n->next = kept;
		n->value = i;
		n->payload = i == 0 ? (uintptr_t)(buf + 16) : 0;
		kept = n;
	}
	struct node *dropped = NULL;
	for (long i = 0; i < NODES; i++) {
		struct node *n = malloc(sizeof *n); // want MEMORY-LEAK
		n->next = dropped;
		n->value = -i;
		n->payload = 0;
		dropped = n;
	}
	long sum = 0;
	for (const struct node *n = dropped; n; n = n->next)
		sum += n->value;
	printf("%ld %ld\n", kept->value, sum);
	dropped = NULL;
	return 0;
}

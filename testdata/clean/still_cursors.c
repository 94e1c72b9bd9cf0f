/* Functions that only read through their pointers walk lists with
 * cursors (a parameter moved along, loop variables, a block's local, a
 * result returned), single-threaded: nothing is lost while they run, and
 * the list freed afterwards is freed whole. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *next;
	long v;
};

static const struct node *nth(const struct node *n, long i)
{
	while (i-- > 0 && n)
		n = n->next;
	return n;
}

static long sum_from(const struct node *n, long skip)
{
	long s = 0;
	for (const struct node *it = nth(n, skip); it; it = it->next) {
		const struct node *here = it;
		s += here->v;
	}
	return s;
}

int main(void)
{
	struct node *head = NULL;
	for (long i = 0; i < 5; i++) {
		struct node *n = malloc(sizeof *n);
		n->v = i * i;
		n->next = head;
		head = n;
	}
	printf("%ld %ld %ld\n", sum_from(head, 0), sum_from(head, 2), nth(head, 3)->v);
	while (head) {
		struct node *next = head->next;
		free(head);
		head = next;
	}
	return 0;
}

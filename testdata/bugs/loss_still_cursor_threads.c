/* With a second thread started, the cursors of a function that cannot
 * lower a count (its parameter moved along the list, a loop variable, a
 * block's local) count their references, as other threads could drop the
 * holders meanwhile: the counts stay exact, and the list dropped
 * afterwards is lost where it is, not before nor never. */
// memlens:cflags -pthread
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *next;
	long v;
};

static long sum_from(const struct node *n, long skip)
{
	long s = 0;
	while (skip-- > 0 && n)
		n = n->next;
	for (const struct node *it = n; it; it = it->next) {
		const struct node *here = it;
		s += here->v;
	}
	return s;
}

static struct node *push(struct node *head, long v)
{
	struct node *n = malloc(sizeof *n); // want alloc:MEMORY-LEAK
	n->v = v;
	n->next = head;
	return n;
}

static void *idle(void *arg)
{
	return arg;
}

int main(void)
{
	pthread_t t;
	struct node *head = NULL;
	long s;
	pthread_create(&t, NULL, idle, NULL);
	pthread_join(t, NULL);
	for (long i = 0; i < 4; i++)
		head = push(head, i);
	s = sum_from(head, 1);
	head = NULL; // want full:MEMORY-LEAK
	printf("%ld\n", s);
	return 0;
}

/* With a second thread started, helpers that cannot lower a count, every
 * call of which passes a variable of the caller's (held parameters: no
 * reference of their own, not even where other threads run), one of them
 * returning a pointer it reached from its parameter, another moving its
 * parameter along the list: the caller's variables keep the counts, and the
 * list dropped afterwards is lost where its last variable lets go of it. */
// memlens:cflags -pthread
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *next;
	long v;
};

static struct node *last(struct node *n)
{
	while (n->next)
		n = n->next;
	return n;
}

static long value(const struct node *n)
{
	return n->v;
}

static void *idle(void *arg)
{
	return arg;
}

int main(void)
{
	pthread_t t;
	struct node *head = malloc(sizeof *head); // want alloc:MEMORY-LEAK
	struct node *tail, *end;
	long s;
	if (!head)
		return 1;
	pthread_create(&t, NULL, idle, NULL);
	pthread_join(t, NULL);
	tail = malloc(sizeof *tail); // want alloc:MEMORY-LEAK
	if (!tail)
		return 1;
	tail->next = NULL;
	tail->v = 2;
	head->next = tail;
	head->v = 1;
	end = last(head);
	tail = NULL;
	s = value(end) + value(head);
	end = NULL;
	head = NULL; // want full:MEMORY-LEAK
	printf("%ld\n", s);
	return 0;
}

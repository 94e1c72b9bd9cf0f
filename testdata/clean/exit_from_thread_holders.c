/* A worker calls exit() while three others still run, each holding a
 * list of heap blocks only in its locals (a register or its stack, as the
 * compiler likes) and replacing its head all the time: until the process
 * ends they are the program's, so no leak is reported. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* memlens:cflags -pthread */

struct node {
	struct node *next;
	long value;
};

static pthread_barrier_t ready;

static struct node *build(int n, long seed)
{
	struct node *head = NULL;
	for (int i = 0; i < n; i++) {
		struct node *x = malloc(sizeof *x);
		x->value = seed + i;
		x->next = head;
		head = x;
	}
	return head;
}

static long walk(const struct node *l)
{
	long s = 0;
	for (; l; l = l->next)
		s += l->value;
	return s;
}

static void *holder(void *arg)
{
	struct node *mine = build(50, (long)arg);
	pthread_barrier_wait(&ready);
	volatile long sink = 0;
	for (;;) { /* never ends: the process does */
		/* a new head replaces the old one: the heap changes all the time */
		struct node *fresh = malloc(sizeof *fresh);
		fresh->value = mine->value + 1;
		fresh->next = mine->next;
		free(mine);
		mine = fresh;
		sink += walk(mine);
	}
	return NULL;
}

static void *quitter(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&ready);
	printf("leaving from a worker\n");
	fflush(stdout);
	exit(0);
}

int main(void)
{
	pthread_t t[4];
	pthread_barrier_init(&ready, NULL, 4);
	for (long i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, holder, (void *)(i * 100));
	pthread_create(&t[3], NULL, quitter, NULL);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	return 1;
}

// memlens:options leak_check=exit
/* A worker calls exit() while the others still run holding lists in
 * their locals (reachable); each of them dropped a block before it
 * started walking: those are lost. */
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

static __attribute__((noinline)) long note(long seed)
{
	char *scratch = malloc(64); // want MEMORY-LEAK
	scratch[0] = (char)seed;
	return scratch[0];
}

static void *holder(void *arg)
{
	struct node *mine = build(20, note((long)arg));
	pthread_barrier_wait(&ready);
	volatile long sink = 0;
	for (;;)
		sink += walk(mine);
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
	pthread_t t[3];
	pthread_barrier_init(&ready, NULL, 3);
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, holder, (void *)(i * 100));
	pthread_create(&t[2], NULL, quitter, NULL);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	return 1;
}

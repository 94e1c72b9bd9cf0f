/* main calls exit() while workers still run, one blocked in a condition
 * wait, two busy walking lists held only in their locals: their stacks
 * and registers are roots until the process ends. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* memlens:cflags -pthread */

struct node {
	struct node *next;
	long value;
};

static pthread_barrier_t ready;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t never = PTHREAD_COND_INITIALIZER;
static volatile int woken; /* never set: the waiter still uses its list after the wait */

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

static void *busy(void *arg)
{
	struct node *mine = build(40, (long)arg);
	pthread_barrier_wait(&ready);
	volatile long sink = 0;
	for (;;)
		sink += walk(mine);
	return NULL;
}

static void *waiter(void *arg)
{
	struct node *mine = build(30, (long)arg);
	pthread_barrier_wait(&ready);
	pthread_mutex_lock(&lock);
	while (!woken)
		pthread_cond_wait(&never, &lock);
	printf("%ld\n", walk(mine));
	return NULL;
}

int main(void)
{
	pthread_t t[3];
	pthread_barrier_init(&ready, NULL, 4);
	pthread_create(&t[0], NULL, busy, (void *)1000);
	pthread_create(&t[1], NULL, busy, (void *)2000);
	pthread_create(&t[2], NULL, waiter, (void *)3000);
	pthread_barrier_wait(&ready);
	printf("leaving from main\n");
	exit(0);
}

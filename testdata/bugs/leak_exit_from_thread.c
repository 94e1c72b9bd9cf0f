// memlens:options leak_check=exit
/* A worker ends the program with exit() while main waits in
 * pthread_join: main's stack is still live (its block is reachable),
 * the block a function main called dropped is lost (dropped in a call of
 * its own: a value main dropped could stay in a register main's code
 * never reuses, which a conservative scan must take for a pointer). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* memlens:cflags -pthread */

static void *worker(void *arg)
{
	(void)arg;
	usleep(10000);
	fflush(stdout);
	exit(0);
}

static __attribute__((noinline)) void drop(void)
{
	char *dropped = malloc(50); // want MEMORY-LEAK
	dropped[0] = 1;
	dropped = NULL;
}

int main(void)
{
	char *volatile kept = malloc(100); /* in main's frame, not only a register */
	kept[0] = 'k';
	drop();
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	printf("%c\n", kept[0]); /* never reached: kept is live during the join */
	free(kept);
	return 0;
}

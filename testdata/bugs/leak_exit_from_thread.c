// memlens:options leak_check=exit
/* A worker ends the program with exit() while main waits in
 * pthread_join: main's stack is still live (its block is reachable),
 * the block a function main called dropped is lost (dropped in a call of
 * its own: a value main dropped could stay in a register main's code
 * never reuses, which a conservative scan must take for a pointer).
 * scrub() then overwrites the dead stack below main's frame: the frames of
 * pthread_join leave some of their slots unwritten, and where a slot lies
 * over one of malloc's dead frames it would hold the dropped pointer (which
 * slots is up to glibc's and the runtime's frame layouts), as it would in
 * any conservative scanner. */
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

static __attribute__((noinline)) void scrub(void)
{
	volatile char dead[8192];
	for (unsigned i = 0; i < sizeof dead; i++)
		dead[i] = 0;
}

int main(void)
{
	char *volatile kept = malloc(100); /* in main's frame, not only a register */
	kept[0] = 'k';
	drop();
	scrub();
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	printf("%c\n", kept[0]); /* never reached: kept is live during the join */
	free(kept);
	return 0;
}

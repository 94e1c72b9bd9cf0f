/* memlens:cflags -pthread
 *
 * A worker gives up through pthread_exit from a helper: the buffer the
 * worker's frame held leaves scope at the pthread_exit. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void give_up(const char *why)
{
	fprintf(stderr, "worker: %s\n", why);
	pthread_exit(NULL); // want full:MEMORY-LEAK
}

static void *worker(void *arg)
{
	char *line = malloc(32); // want alloc:MEMORY-LEAK
	snprintf(line, 32, "%s", (const char *)arg);
	if (strlen(line) < 8)
		give_up("input too short");
	puts(line);
	free(line);
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, "short");
	pthread_join(t, NULL);
	puts("done");
	return 0;
}

/* A worker thread drops its scratch buffer. */
// memlens:cflags -pthread
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static void *work(void *arg)
{
	char *scratch = malloc(256); // want alloc:MEMORY-LEAK
	memset(scratch, 0, 256);
	scratch = arg; // want full:MEMORY-LEAK
	return scratch;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, work, NULL);
	pthread_join(t, NULL);
	return 0;
}

/* memlens:cflags -pthread
 *
 * A worker thread publishes a pointer to its local result array; the main
 * thread reads it after the worker has finished. */
#include <pthread.h>
#include <stdio.h>

static long *published;

static void *worker(void *arg)
{
	long results[8];
	for (int i = 0; i < 8; i++)
		results[i] = (long)arg * i;
	published = results;
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, (void *)3L);
	pthread_join(t, NULL);
	printf("%ld\n", published[2]); // want USE-AFTER-RETURN
	return 0;
}

/* memlens:cflags -pthread
 *
 * A worker publishes a pointer to its local status and leaves through
 * pthread_exit from a helper; the main thread reads the status later. */
#include <pthread.h>
#include <stdio.h>

static int *status;

static void finish(void)
{
	pthread_exit(NULL);
}

static void *worker(void *arg)
{
	int code = (int)(long)arg;
	status = &code;
	finish();
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, (void *)7L);
	pthread_join(t, NULL);
	printf("%d\n", *status); // want USE-AFTER-RETURN
	return 0;
}

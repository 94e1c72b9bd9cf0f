/* memlens:cflags -pthread
 *
 * A producer thread publishes a buffer and then frees it when it is done;
 * the consumer thread, started afterwards, still reads the published
 * pointer. The threads run one after the other, so the run is
 * deterministic. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int *shared; /* published by the producer */

static void *producer(void *arg)
{
	int n = *(int *)arg;
	int *buf = malloc((size_t)n * sizeof *buf);
	if (buf == NULL)
		exit(1);
	for (int i = 0; i < n; i++)
		buf[i] = i + 1;
	shared = buf;
	printf("producer: published %d values\n", n);
	free(buf); /* oops: the consumer has not read it yet */
	return NULL;
}

static void *consumer(void *arg)
{
	int n = *(int *)arg, sum = 0;
	for (int i = 0; i < n; i++)
		sum += shared[i]; // want DANGLING-POINTER-DEREF
	printf("consumer: sum %d\n", sum);
	return NULL;
}

int main(void)
{
	int n = 10;
	pthread_t p, c;
	if (pthread_create(&p, NULL, producer, &n) != 0)
		return 1;
	pthread_join(p, NULL);
	if (pthread_create(&c, NULL, consumer, &n) != 0)
		return 1;
	pthread_join(c, NULL);
	return 0;
}

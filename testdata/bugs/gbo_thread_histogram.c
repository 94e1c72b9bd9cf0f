/* memlens:cflags -pthread
 *
 * Worker threads count values into a shared global histogram, weighting
 * each by a global table; a value at the top of the range reads the table
 * one entry past its end. */
#include <pthread.h>
#include <stdio.h>

#define BUCKETS 10

static unsigned hist[BUCKETS];
static const unsigned weight[BUCKETS] = {1, 1, 2, 2, 3, 3, 4, 4, 5, 5};
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
	int base = *(int *)arg;
	for (int v = base; v <= base + 50; v += 5) {
		pthread_mutex_lock(&lock);
		unsigned w = weight[v / 10]; // want GLOBAL-BUFFER-OVERFLOW
		hist[v / 10 < BUCKETS ? v / 10 : BUCKETS - 1] += w != 0;
		pthread_mutex_unlock(&lock);
	}
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	int bases[2] = {0, 50};
	for (int i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, &bases[i]);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	unsigned n = 0;
	for (int b = 0; b < BUCKETS; b++)
		n += hist[b];
	printf("%u\n", n);
	return 0;
}

/* Two threads define the two halves of the same 8-byte words at once:
 * byte stores whose definedness bits share one shadow byte. With full
 * checking each store clears only its own bits, atomically once a second
 * thread runs (__ml_mt); a plain read-modify-write there could put back a
 * bit the other thread had just cleared, and the sum below would read an
 * undefined byte (a race, seen only when both threads run at once: the
 * program runs the threaded path, __ml_def_slow's atomic and, in every
 * run). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* memlens:cflags -pthread */

#define N 50000

static unsigned char *blocks[N];
static pthread_barrier_t start;

static void *fill(void *arg)
{
	long half = (long)arg;
	pthread_barrier_wait(&start);
	for (int i = 0; i < N; i++)
		for (int k = 0; k < 4; k++)
			blocks[i][half * 4 + k] = (unsigned char)(i + k + half);
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	unsigned long sum = 0;
	for (int i = 0; i < N; i++)
		if (!(blocks[i] = malloc(8)))
			return 1;
	pthread_barrier_init(&start, NULL, 2);
	for (long h = 0; h < 2; h++)
		if (pthread_create(&t[h], NULL, fill, (void *)h) != 0)
			return 1;
	for (int h = 0; h < 2; h++)
		pthread_join(t[h], NULL);
	pthread_barrier_destroy(&start);
	for (int i = 0; i < N; i++) {
		for (int k = 0; k < 8; k++)
			sum += blocks[i][k];
		free(blocks[i]);
	}
	printf("%lu\n", sum);
	return 0;
}

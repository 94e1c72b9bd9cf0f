/* memlens:cflags -pthread
 *
 * A worker thread uses a field its creator never set. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job {
	int id;
	int count;
};

static void *work(void *arg)
{
	struct job *j = arg;
	long n = 0;
	for (int i = 0; i < (j->count & 7); i++) // want UNINITIALIZED-READ
		n++;
	return (void *)n;
}

int main(void)
{
	struct job *j = malloc(sizeof *j);
	pthread_t t;
	void *r;
	j->id = 1;
	pthread_create(&t, NULL, work, j);
	pthread_join(t, &r);
	puts("joined");
	free(j);
	return 0;
}

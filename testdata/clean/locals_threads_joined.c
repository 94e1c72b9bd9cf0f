/* memlens:cflags -pthread
 *
 * Threads get pointers to the main thread's locals (their arguments and a
 * shared result array) and the main thread joins them before those locals
 * go out of scope; each thread also passes pointers to its own locals to
 * helpers. */
#include <pthread.h>
#include <stdio.h>

struct job {
	int first, count;
	long *result;
};

static void accumulate(long *acc, int v)
{
	*acc += v;
}

static void *run(void *arg)
{
	struct job *j = arg;
	long acc = 0;
	for (int i = 0; i < j->count; i++)
		accumulate(&acc, j->first + i);
	*j->result = acc;
	return NULL;
}

int main(void)
{
	long results[3];
	struct job jobs[3];
	pthread_t t[3];
	for (int i = 0; i < 3; i++) {
		jobs[i] = (struct job){i * 10, 10, &results[i]};
		pthread_create(&t[i], NULL, run, &jobs[i]);
	}
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	printf("%ld %ld %ld\n", results[0], results[1], results[2]);
	return 0;
}

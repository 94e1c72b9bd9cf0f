/* A worker thread appends a marker to a job's label, which the creator
 * set to a string literal. */
#include <pthread.h>
#include <stdio.h>

/* memlens:cflags -pthread */

struct job {
	char *label;
	int n;
};

static void *work(void *arg)
{
	struct job *j = arg;
	j->label[0] = '*'; // want READ-ONLY-WRITE
	return NULL;
}

int main(void)
{
	struct job j;
	j.label = "pending";
	j.n = 1;
	pthread_t t;
	pthread_create(&t, NULL, work, &j);
	pthread_join(t, NULL);
	printf("%s %d\n", j.label, j.n);
	return 0;
}

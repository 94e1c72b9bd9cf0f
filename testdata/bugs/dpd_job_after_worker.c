/* memlens:cflags -pthread
 *
 * The main thread hands a job to a worker thread, which frees the job when
 * done; main then reads the job's result. The pointer that freed the job
 * reached the worker as its start routine's argument. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job {
	int input;
	int result;
};

static void job_done(struct job *j)
{
	free(j);
}

static void *worker(void *arg)
{
	struct job *j = arg; // want freechain:DANGLING-POINTER-DEREF
	j->result = j->input * 2;
	job_done(j); // want freechain:DANGLING-POINTER-DEREF
	return NULL;
}

int main(void)
{
	struct job *j = malloc(sizeof *j); // want chain:DANGLING-POINTER-DEREF freechain:DANGLING-POINTER-DEREF origin:DANGLING-POINTER-DEREF
	if (j == NULL)
		return 1;
	j->input = 21;
	pthread_t t;
	if (pthread_create(&t, NULL, worker, j) != 0) // want freechain:DANGLING-POINTER-DEREF
		return 1;
	pthread_join(t, NULL);
	printf("%d\n", j->result); // want DANGLING-POINTER-DEREF
	return 0;
}

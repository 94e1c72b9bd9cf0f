/* memlens:cflags -pthread
 *
 * Worker threads each sieve primes in their own range into their own heap
 * block; an _Atomic counter and a mutex-protected total are shared. Results
 * are printed by main after joining, so the output is deterministic. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define WORKERS 4
#define SPAN 2500

struct job {
	int lo, hi;
	int *primes; /* this worker's block */
	int count;
};

static _Atomic int checked;
static long total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static int is_prime(int n)
{
	if (n < 2)
		return 0;
	for (int d = 2; d * d <= n; d++)
		if (n % d == 0)
			return 0;
	return 1;
}

static void *work(void *arg)
{
	struct job *j = arg;
	j->primes = malloc((size_t)(j->hi - j->lo) * sizeof *j->primes);
	if (j->primes == NULL)
		return NULL;
	long local = 0;
	for (int n = j->lo; n < j->hi; n++) {
		atomic_fetch_add(&checked, 1);
		if (is_prime(n)) {
			j->primes[j->count++] = n;
			local += n;
		}
	}
	pthread_mutex_lock(&total_lock);
	total += local;
	pthread_mutex_unlock(&total_lock);
	return j;
}

int main(void)
{
	pthread_t tid[WORKERS];
	struct job jobs[WORKERS];
	for (int w = 0; w < WORKERS; w++) {
		jobs[w] = (struct job){.lo = w * SPAN, .hi = (w + 1) * SPAN};
		if (pthread_create(&tid[w], NULL, work, &jobs[w]) != 0) {
			fprintf(stderr, "pthread_create failed\n");
			return 1;
		}
	}
	int all = 0;
	for (int w = 0; w < WORKERS; w++) {
		void *ret;
		pthread_join(tid[w], &ret);
		struct job *j = ret;
		if (j == NULL || j->primes == NULL)
			return 1;
		printf("worker %d: [%d, %d) %d primes, last %d\n", w, j->lo, j->hi, j->count,
		       j->count > 0 ? j->primes[j->count - 1] : -1);
		all += j->count;
	}
	printf("%d numbers checked, %d primes, sum %ld\n", atomic_load(&checked), all, total);
	for (int w = 0; w < WORKERS; w++)
		free(jobs[w].primes);
	return 0;
}

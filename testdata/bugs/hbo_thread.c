/* memlens:cflags -pthread
 *
 * Each worker squares its slice of a shared heap array; the slice bounds
 * are inclusive, so the last worker writes one element past the end. The
 * workers run one after the other so the run is deterministic. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 12
#define WORKERS 3

struct slice {
	int *data;
	int lo, hi; /* hi is meant to be exclusive */
};

static void *work(void *arg)
{
	struct slice *s = arg;
	for (int i = s->lo; i <= s->hi; i++)
		s->data[i] = i * i; // want HEAP-BUFFER-OVERFLOW
	return NULL;
}

int main(void)
{
	int *data = malloc(N * sizeof *data);
	if (data == NULL)
		return 1;
	struct slice s[WORKERS];
	for (int w = 0; w < WORKERS; w++) {
		s[w].data = data;
		s[w].lo = w * (N / WORKERS) + (w > 0);
		s[w].hi = (w + 1) * (N / WORKERS);
		pthread_t t;
		if (pthread_create(&t, NULL, work, &s[w]) != 0)
			return 1;
		pthread_join(t, NULL);
	}
	long sum = 0;
	for (int i = 0; i < N; i++)
		sum += data[i];
	printf("sum %ld\n", sum);
	free(data);
	return 0;
}

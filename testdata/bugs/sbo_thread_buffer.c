/* memlens:cflags -pthread
 *
 * Each worker formats into a buffer on its own stack through a helper
 * that writes one byte too many. */
#include <pthread.h>
#include <stdio.h>

static void render(char *out, int n, int v)
{
	for (int i = 0; i <= n; i++)
		out[i] = (char)('a' + (v + i) % 26); // want STACK-BUFFER-OVERFLOW
}

static void *worker(void *arg)
{
	char buf[12];
	render(buf, 12, (int)(long)arg);
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	puts("done");
	return 0;
}

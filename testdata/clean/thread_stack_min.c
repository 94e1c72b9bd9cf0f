/* Threads with the smallest stacks glibc allows, and one of a chosen size:
 * the runtime's thread-locals, which glibc takes from each thread's stack,
 * must not make pthread_create refuse them (EINVAL) nor leave the thread
 * less stack than it asked for. */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* memlens:cflags -pthread */

static void *fill(void *arg)
{
	size_t use = *(size_t *)arg;
	volatile char frame[8192];
	memset((char *)frame, 1, use < sizeof frame ? use : sizeof frame);
	return (void *)(size_t)frame[0];
}

int main(void)
{
	size_t sizes[] = {PTHREAD_STACK_MIN, PTHREAD_STACK_MIN + 4096, 2 * PTHREAD_STACK_MIN};
	for (unsigned i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		pthread_attr_t attr;
		pthread_t thread;
		size_t use = sizes[i] / 2, set = 0;
		void *ran = 0;
		pthread_attr_init(&attr);
		pthread_attr_setstacksize(&attr, sizes[i]);
		int err = pthread_create(&thread, &attr, fill, &use);
		pthread_attr_getstacksize(&attr, &set);
		pthread_attr_destroy(&attr);
		if (err == 0)
			pthread_join(thread, &ran);
		printf("stack %zu: %s, ran %d, attr kept %d\n", sizes[i], err ? strerror(err) : "created",
		       (int)(size_t)ran, set == sizes[i]);
	}
	return 0;
}

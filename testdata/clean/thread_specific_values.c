/* memlens:cflags -pthread
 *
 * Blocks whose only reference is a thread-specific value (POSIX keys, C11
 * tss): the thread's descriptor keeps it, and the key's destructor frees
 * it when the thread ends. Full checking reported each MEMORY-LEAK where
 * the local holding it left scope: no leak check searches the descriptor. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <threads.h>

static pthread_key_t name_key;
static tss_t count_key;

static void remember(int id)
{
	char *name = malloc(16);
	int *count = malloc(sizeof *count);
	snprintf(name, 16, "worker %d", id);
	*count = id * 10;
	pthread_setspecific(name_key, name);
	tss_set(count_key, count);
}

static void *work(void *arg)
{
	remember((int)(long)arg);
	printf("%s: %d\n", (char *)pthread_getspecific(name_key), *(int *)tss_get(count_key));
	return NULL;
}

int main(void)
{
	pthread_t threads[3];

	if (pthread_key_create(&name_key, free) || tss_create(&count_key, free) != thrd_success)
		return 1;
	for (long i = 0; i < 3; i++) {
		if (pthread_create(&threads[i], NULL, work, (void *)i))
			return 1;
		pthread_join(threads[i], NULL);
	}
	tss_delete(count_key);
	pthread_key_delete(name_key);
	return 0;
}

// memlens:options leak_check=exit
/* Each worker allocates a scratch buffer and returns without freeing it. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* memlens:cflags -pthread */

static void *work(void *arg)
{
	int n = *(int *)arg;
	char *scratch = malloc(128); // want MEMORY-LEAK
	memset(scratch, 'a' + n, 127);
	scratch[127] = 0;
	*(int *)arg = (int)strlen(scratch);
	return NULL;
}

int main(void)
{
	pthread_t t[3];
	int arg[3] = {0, 1, 2};
	for (int i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, work, &arg[i]);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	printf("%d %d %d\n", arg[0], arg[1], arg[2]);
	return 0;
}

/* Allocations a program makes between __lsan_disable and __lsan_enable
 * (memlens defines __SANITIZE_ADDRESS__, as gcc -fsanitize=address does)
 * are never reported as leaks, and what they point to is kept with them:
 * the pairs nest (the block made after the inner enable is still exempt),
 * a realloc's new block made inside is exempt too, and the counting is
 * per thread (another thread's blocks are judged as usual: it frees its
 * own). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

static void *worker(void *arg)
{
	char *s = malloc(32);
	snprintf(s, 32, "worker %d", *(int *)arg);
	size_t n = strlen(s);
	free(s);
	return (void *)n;
}

/* (not inlined: its locals die with its frame, which the check does not scan) */
__attribute__((noinline)) static size_t setup(int id)
{
	char *held = malloc(16); /* made before: pointed to by an exempt block, so kept */
	strcpy(held, "held");
#if defined(__SANITIZE_ADDRESS__)
	__lsan_disable();
	__lsan_disable();
#endif
	char **table = malloc(4 * sizeof *table);
	table[0] = held;
	pthread_t t;
	void *r;
	pthread_create(&t, NULL, worker, &id);
	pthread_join(t, &r);
#if defined(__SANITIZE_ADDRESS__)
	__lsan_enable();
#endif
	char *name = malloc(8); /* still inside the outer pair */
	strcpy(name, "names");
	name = realloc(name, 64);
	strcat(name, " grown");
#if defined(__SANITIZE_ADDRESS__)
	__lsan_enable();
#endif
	char *temp = malloc(8); /* after: the program's, and freed */
	free(temp);
	return strlen(table[0]) + strlen(name) + (size_t)r;
}

int main(void)
{
	printf("%zu\n", setup(7));
	return 0;
}

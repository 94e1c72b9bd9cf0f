/* A process with idle worker threads forks. The child has only the thread
 * that forked; it runs threads of its own with larger stacks and joins
 * them, so glibc's cache of stacks, which got the parent's threads' stacks
 * at the fork, grows past its limit and unmaps them. The leak check at the
 * child's exit must not take the parent's threads for its own and scan
 * their stacks (before, it faulted there). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/* memlens:cflags -pthread */

enum { THREADS = 4 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t change = PTHREAD_COND_INITIALIZER;
static int started;

static void *idle(void *arg)
{
	pthread_mutex_lock(&lock);
	started++;
	pthread_cond_broadcast(&change);
	while (arg == NULL) /* it waits until the process ends */
		pthread_cond_wait(&change, &lock);
	pthread_mutex_unlock(&lock);
	return NULL;
}

static void *echo(void *arg)
{
	return arg;
}

static pthread_t start(void *(*fn)(void *), size_t stack, void *arg)
{
	pthread_attr_t attr;
	pthread_t thread;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, stack);
	pthread_create(&thread, &attr, fn, arg);
	pthread_attr_destroy(&attr);
	return thread;
}

int main(void)
{
	for (int i = 0; i < THREADS; i++)
		start(idle, 8 << 20, NULL);
	pthread_mutex_lock(&lock);
	while (started < THREADS)
		pthread_cond_wait(&change, &lock);
	pthread_mutex_unlock(&lock);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		pthread_t threads[THREADS];
		int ids[THREADS], joined = 0;
		for (int i = 0; i < THREADS; i++) {
			ids[i] = i;
			threads[i] = start(echo, 16 << 20, &ids[i]);
		}
		for (int i = 0; i < THREADS; i++) {
			void *r;
			pthread_join(threads[i], &r);
			joined += r == &ids[i];
		}
		printf("child: %d threads joined\n", joined);
		exit(0);
	}
	int status;
	waitpid(pid, &status, 0);
	printf("parent: child exited with %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return 0;
}

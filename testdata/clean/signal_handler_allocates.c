/* A SIGALRM handler (setitimer, every 100 us) allocates, frees and stores
 * pointers while main does the same in a loop: registers escaping locals,
 * stores pointers, checks accesses. The handler interrupts main inside
 * memlens's runtime again and again; memlens must neither see its state
 * half-updated nor wait on its own lock. (main blocks SIGALRM around its
 * own malloc and free only because glibc's allocator is not reentrant.)
 * Once setitimer has disarmed the timer no handler may run: a signal that
 * waited for the runtime must not wait longer than its section. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

struct node {
	struct node *next;
	int value;
};

static struct node *volatile handler_list;
static volatile sig_atomic_t ticks, disarmed, late;
static sigset_t alarm_set;

static void on_alarm(int sig)
{
	(void)sig;
	if (disarmed) {
		late++;
		return;
	}
	struct node *n = malloc(sizeof *n);
	n->value = ticks;
	n->next = handler_list;
	handler_list = n;
	if (n->next && n->next->next) { /* keep two */
		struct node *old = n->next->next;
		n->next->next = NULL;
		free(old);
	}
	ticks++;
}

static void *alloc(size_t n)
{
	sigprocmask(SIG_BLOCK, &alarm_set, NULL);
	void *p = malloc(n);
	sigprocmask(SIG_UNBLOCK, &alarm_set, NULL);
	return p;
}

static void release(void *p)
{
	sigprocmask(SIG_BLOCK, &alarm_set, NULL);
	free(p);
	sigprocmask(SIG_UNBLOCK, &alarm_set, NULL);
}

static int fill(char *buf, int n, int seed)
{
	int s = 0;
	for (int i = 0; i < n; i++) {
		buf[i] = (char)(seed + i);
		s += buf[i];
	}
	return s;
}

int main(void)
{
	sigemptyset(&alarm_set);
	sigaddset(&alarm_set, SIGALRM);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	if (sigaction(SIGALRM, &sa, NULL) != 0)
		return 1;
	struct sigaction now;
	if (sigaction(SIGALRM, NULL, &now) != 0 || now.sa_handler != on_alarm)
		printf("sigaction reports another handler\n");
	struct itimerval every = {{0, 100}, {0, 100}};
	setitimer(ITIMER_REAL, &every, NULL);
	long sum = 0;
	struct node *list = NULL;
	for (int i = 0; i < 20000 || ticks < 50; i++) {
		char local[32]; /* its address escapes: registered, retired */
		sum += fill(local, sizeof local, i);
		struct node *n = alloc(sizeof *n);
		n->value = i;
		n->next = list;
		list = n;
		if (i % 8 == 7) {
			while (list) {
				struct node *next = list->next;
				sum += list->value;
				release(list);
				list = next;
			}
		}
	}
	struct itimerval off = {{0, 0}, {0, 0}};
	setitimer(ITIMER_REAL, &off, NULL);
	disarmed = 1;
	while (list) {
		struct node *next = list->next;
		free(list);
		list = next;
	}
	while (handler_list) {
		struct node *next = handler_list->next;
		free(handler_list);
		handler_list = next;
	}
	if (late)
		printf("the handler ran %d times after setitimer disarmed its timer\n", (int)late);
	printf("ran %s\n", sum != 0 ? "through" : "nowhere");
	return 0;
}

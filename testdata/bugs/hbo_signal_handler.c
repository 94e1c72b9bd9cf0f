/* A SIGALRM handler writes one byte past the block it allocates while
 * main allocates and frees in a loop: reported in the handler, at its
 * line, however often the timer interrupts memlens's runtime. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

static volatile sig_atomic_t ticks;
static sigset_t alarm_set;

static void on_alarm(int sig)
{
	(void)sig;
	char *tag = malloc(13);
	memset(tag, 't', 12);
	tag[13] = 0; // want HEAP-BUFFER-OVERFLOW
	free(tag);
	ticks++;
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
	sigaction(SIGALRM, &sa, NULL);
	struct itimerval every = {{0, 200}, {0, 200}};
	setitimer(ITIMER_REAL, &every, NULL);
	long sum = 0;
	for (int i = 0; i < 5000 || ticks < 10; i++) {
		sigprocmask(SIG_BLOCK, &alarm_set, NULL);
		int *v = malloc(4 * sizeof *v);
		sigprocmask(SIG_UNBLOCK, &alarm_set, NULL);
		for (int k = 0; k < 4; k++)
			v[k] = i + k;
		sum += v[3];
		sigprocmask(SIG_BLOCK, &alarm_set, NULL);
		free(v);
		sigprocmask(SIG_UNBLOCK, &alarm_set, NULL);
	}
	struct itimerval off = {{0, 0}, {0, 0}};
	setitimer(ITIMER_REAL, &off, NULL);
	printf("ran %s\n", sum > 0 ? "through" : "nowhere");
	return 0;
}

/* A stack overflow caught by a SIGSEGV handler that runs on an alternate
 * signal stack and calls exit there, as gnulib's c-stack does and as its
 * configure probe "checking for working sigaltstack" does (m4 1.4.19's
 * configure answered no under memlens). The leak check at exit scanned the
 * thread's stack from the handler's stack pointer, in the alternate stack,
 * up to the top of the main stack, across unmapped memory, and the program
 * died of SIGSEGV. The block main holds stays reachable: the interrupted
 * stack is still a root. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

enum { ALT = 1 << 20 };

static char *alt; /* the alternate stack, a heap block */

static void caught(int sig)
{
	(void)sig;
	static const char msg[] = "overflow caught\n";
	if (write(1, msg, sizeof msg - 1) < 0)
		_exit(2);
	exit(0);
}

static volatile int *recurse_1(volatile int n, volatile int *p)
{
	if (n >= 0)
		*recurse_1(n + 1, p) += n;
	return p;
}

static int recurse(volatile int n)
{
	int sum = 0;
	return *recurse_1(n, &sum);
}

int main(void)
{
	char *volatile held = malloc(64); /* only main's frame points to it */
	strcpy(held, "held by main");
	struct rlimit rl; /* a short stack, quickly overflowed */
	if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_max >= 1 << 20) {
		rl.rlim_cur = 1 << 20;
		setrlimit(RLIMIT_STACK, &rl);
	}
	alt = malloc(ALT);
	stack_t ss = {.ss_sp = alt, .ss_size = ALT, .ss_flags = 0};
	if (sigaltstack(&ss, NULL) != 0)
		return 1;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = caught;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	printf("%s\n", held);
	fflush(stdout);
	recurse(0);
	return 3;
}

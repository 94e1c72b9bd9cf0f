/* A stack overflow caught by a SIGSEGV handler on an alternate signal
 * stack, which jumps back out with siglongjmp, three times over (as an
 * interpreter guarding its recursion does). With full checking a longjmp
 * out of instrumented frames unwinds them first, running their cleanups
 * in their frames: the deepest had no stack left, the cleanup faulted
 * again while the first handler's frames were still on the alternate
 * stack, and the program died of SIGSEGV before its first line. */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

static sigjmp_buf back;
static char alt[1 << 16];

static void caught(int sig)
{
	(void)sig;
	siglongjmp(back, 1);
}

static int descend(int n, volatile char *above)
{
	volatile char frame[256];
	frame[0] = (char)n;
	if (above)
		frame[1] = above[0];
	return descend(n + 1, frame) + frame[1];
}

int main(void)
{
	struct rlimit rl; /* a short stack, quickly overflowed */
	if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_max >= 1 << 20) {
		rl.rlim_cur = 1 << 20;
		setrlimit(RLIMIT_STACK, &rl);
	}
	stack_t ss = {.ss_sp = alt, .ss_size = sizeof alt, .ss_flags = 0};
	if (sigaltstack(&ss, NULL) != 0)
		return 1;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = caught;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGSEGV, &sa, NULL);
	for (int round = 1; round <= 3; round++) {
		if (sigsetjmp(back, 1) == 0) {
			descend(0, NULL);
			return 2;
		}
		printf("overflow %d caught\n", round);
		fflush(stdout);
	}
	return 0;
}

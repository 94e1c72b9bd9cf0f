/* A handler installed with SA_RESETHAND runs once: the kernel then resets
 * the action to SIG_DFL and keeps its flags. The flags sigaction reports
 * are the program's, without the SA_SIGINFO of memlens's wrapper
 * (gnulib's test-sigaction, m4's test suite). */
#include <signal.h>
#include <stdio.h>

static void on_abort(int sig)
{
	struct sigaction now;
	sigaction(sig, NULL, &now);
	printf("in handler: SIG_DFL %d, SA_SIGINFO %d, SA_RESETHAND %d\n", now.sa_handler == SIG_DFL,
	       (now.sa_flags & SA_SIGINFO) != 0, (now.sa_flags & SA_RESETHAND) != 0);
}

int main(void)
{
	struct sigaction once = {.sa_handler = on_abort, .sa_flags = SA_RESETHAND | SA_NODEFER};
	sigemptyset(&once.sa_mask);
	sigaction(SIGABRT, &once, NULL);
	raise(SIGABRT);

	struct sigaction dfl = {.sa_handler = SIG_DFL}, old;
	sigemptyset(&dfl.sa_mask);
	sigaction(SIGABRT, &dfl, &old);
	printf("after: SIG_DFL %d, SA_SIGINFO %d\n", old.sa_handler == SIG_DFL, (old.sa_flags & SA_SIGINFO) != 0);
	return 0;
}

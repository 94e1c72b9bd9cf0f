/* The program takes SIGFPE for a while and puts back the action signal()
 * returned, which is memlens's own handler: memlens must get the later
 * fault with its details (SA_SIGINFO) and report it, not a handler called
 * without them. */
#include <signal.h>
#include <stdio.h>

static void ignore_fpe(int sig)
{
	(void)sig;
}

int main(int argc, char **argv)
{
	void (*old)(int) = signal(SIGFPE, ignore_fpe);
	signal(SIGFPE, old);
	(void)argv;
	printf("%d\n", 7 / (argc - 1)); // want ARITHMETIC-ERROR
	return 0;
}

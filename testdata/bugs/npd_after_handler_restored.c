/* A probe catches its own fault with a SIGSEGV handler, then puts the
 * action it found back, and a write through an optional out-parameter the
 * caller left NULL is a bug again: no handler of the program's gets its
 * fault, so memlens reports it (and the program dies of SIGSEGV, as
 * natively). The probe's write to address 0 is not reported: the
 * program's handler expects it. */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static sigjmp_buf recover_point;

static void on_fault(int sig)
{
	(void)sig;
	siglongjmp(recover_point, 1);
}

/* Does writing to p fault? */
static int write_faults(volatile int *p)
{
	struct sigaction sa, old;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fault;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, &old);
	int faulted = 1;
	if (!sigsetjmp(recover_point, 1)) {
		*p = 1;
		faulted = 0;
	}
	sigaction(SIGSEGV, &old, NULL);
	return faulted;
}

static void count_words(const char *s, int *words)
{
	int n = 0, in_word = 0;
	for (; *s; s++) {
		if (*s == ' ')
			in_word = 0;
		else if (!in_word)
			in_word = 1, n++;
	}
	*words = n; // want NULL-POINTER-DEREF
}

int main(void)
{
	int cell = 0, n = 0;
	printf("cell faults: %d\n", write_faults(&cell));
	printf("address 0 faults: %d\n", write_faults(NULL));
	count_words("two words", &n);
	printf("%d words\n", n);
	count_words("three more words", NULL);
	return 0;
}

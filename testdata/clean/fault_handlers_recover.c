/* memlens:exit 0
 *
 * A program that handles its own faults: probing addresses with a SIGSEGV
 * handler that siglongjmps back, and catching a division by zero with a
 * SIGFPE handler. Under memlens it must behave exactly as natively: the
 * program's handlers take the signals, and nothing is reported. */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static sigjmp_buf recover_point;
static volatile sig_atomic_t last_signal;

static void on_fault(int sig)
{
	last_signal = sig;
	siglongjmp(recover_point, 1);
}

/* Is p readable? */
static int readable(const volatile int *p, int *out)
{
	if (sigsetjmp(recover_point, 1))
		return 0;
	*out = *p;
	return 1;
}

static int safe_divide(int a, volatile int b, int *out)
{
	if (sigsetjmp(recover_point, 1))
		return 0;
	*out = a / b;
	return 1;
}

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fault;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSEGV, &sa, NULL) != 0 || sigaction(SIGFPE, &sa, NULL) != 0)
		return 1;

	int value = 7, got = 0;
	uintptr_t addrs[] = {(uintptr_t)&value, 0xdead0000, (uintptr_t)&got};
	for (int i = 0; i < 3; i++) {
		int ok = readable((const int *)addrs[i], &got);
		printf("probe %d: %s", i, ok ? "readable" : "fault");
		if (ok)
			printf(" (%d)", got);
		else
			printf(" (signal %s)", last_signal == SIGSEGV ? "SIGSEGV" : "other");
		printf("\n");
	}
	int divisors[] = {2, 0, -3};
	for (int i = 0; i < 3; i++) {
		if (safe_divide(42, divisors[i], &got))
			printf("42 / %d = %d\n", divisors[i], got);
		else
			printf("42 / %d: %s\n", divisors[i], last_signal == SIGFPE ? "SIGFPE" : "other");
	}
	return 0;
}

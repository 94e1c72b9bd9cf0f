/* A program that writes through NULL on purpose and catches the fault
 * with a SIGSEGV handler of its own that siglongjmps back (gnulib's tests
 * of its SIGSEGV handling, run by GNU m4's test suite). The fault must
 * reach the handler as natively, whoever installed it: sigaction or
 * signal in the program's code, or code memlens does not see (here
 * sysv_signal, which memlens does not intercept). Nothing is reported. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

struct node {
	int value;
	struct node *next;
};

static sigjmp_buf recover_point;
static volatile sig_atomic_t caught;

static void on_fault(int sig)
{
	(void)sig;
	caught++;
	siglongjmp(recover_point, 1);
}

static void on_fault_info(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	printf("fault at %p\n", si->si_addr);
	on_fault(sig);
}

/* Each probe: 1 if it faulted. */
static int write_int(volatile int *p)
{
	if (sigsetjmp(recover_point, 1))
		return 1;
	*p = 42;
	return 0;
}

static int read_field(struct node *n)
{
	if (sigsetjmp(recover_point, 1))
		return 1;
	printf("value %d\n", n->next->value);
	return 0;
}

static int link_after(struct node *n, struct node *to)
{
	if (sigsetjmp(recover_point, 1))
		return 1;
	n->next = to;
	return 0;
}

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_fault_info;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSEGV, &sa, NULL) != 0)
		return 1;
	int cell = 0;
	printf("write to a cell: %d\n", write_int(&cell));
	printf("write to address 0: %d\n", write_int((volatile int *)0));

	if (signal(SIGSEGV, on_fault) == SIG_ERR)
		return 1;
	struct node tail = {7, NULL}, head = {1, &tail};
	printf("read through head: %d\n", read_field(&head));
	printf("read through tail: %d\n", read_field(&tail));

	if (sysv_signal(SIGSEGV, on_fault) == SIG_ERR)
		return 1;
	printf("link head: %d\n", link_after(&head, &tail));
	printf("link through NULL: %d\n", link_after(tail.next, &head));
	printf("caught %d\n", (int)caught);
	return 0;
}

/* memlens:cflags -pthread
 *
 * A SIGFPE handler siglongjmps out of the division that faulted: the
 * frame it skips held the only pointer to a note, lost at the jump (the
 * unwinding goes through the signal frame). A thread longjmps inside
 * itself, losing nothing. Full checking finds it at the jump (as long as
 * the division lies in a call's landing-pad range, which it does here but
 * not in _loss_siglongjmp_fault_before_call); the scan at
 * exit finds it too, unless a stale copy of the pointer lingers in dead
 * stack (Valgrind says nothing, for that reason). divide is kept out of
 * line so that there is a frame to skip: inlined into main, the pointer
 * may be in a register main's next sigsetjmp saves into the static
 * jmp_buf, where the scan at exit finds it (the same address again,
 * strdup's after the free of the run before). */
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sigjmp_buf recover;
static volatile int faults;

static void on_fpe(int sig)
{
	(void)sig;
	faults++;
	siglongjmp(recover, 1); // want full:MEMORY-LEAK
}

__attribute__((noinline)) static int divide(int a, int b)
{
	char *note = strdup("dividing"); // want full:alloc:MEMORY-LEAK detect:MEMORY-LEAK
	int r = a / b;
	free(note);
	return r;
}

static jmp_buf tenv;
static void bail(void) { longjmp(tenv, 3); }
static void *worker(void *arg)
{
	char *buf = malloc(16);
	snprintf(buf, 16, "%s", (char *)arg);
	if (setjmp(tenv) == 0) {
		bail();
	}
	puts(buf);
	free(buf);
	return NULL;
}

int main(void)
{
	signal(SIGFPE, on_fpe);
	volatile int zero = 0;
	for (volatile int i = 0; i < 3; i++) {
		if (sigsetjmp(recover, 1) == 0)
			printf("%d\n", divide(10, i == 1 ? zero : 2));
		else
			puts("recovered");
	}
	pthread_t t;
	pthread_create(&t, NULL, worker, "thread");
	pthread_join(t, NULL);
	printf("faults %d\n", faults);
	return 0;
}

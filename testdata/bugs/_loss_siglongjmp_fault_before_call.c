/* Parked (the leading underscore): full checking finds this leak only at
 * exit. A SIGFPE handler siglongjmps out of a division that faulted before
 * the function made any call: the parameter the frame skipped held the
 * only pointer to a note, lost at the jump. Finding it there needs the
 * unwinding to run the interrupted frame's cleanup, which needs a landing
 * pad at the division: -fexceptions gives them to calls only, and at -O1
 * and -O2 the division lies in no call's range (-fnon-call-exceptions
 * would cover it; gcc 12 fails on cJSON's instrumented unit with it).
 * divide is kept out of line so that there is a frame to skip. */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sigjmp_buf recover;

static void on_fpe(int sig)
{
	(void)sig;
	siglongjmp(recover, 1); // want full:MEMORY-LEAK
}

__attribute__((noinline)) static int divide(char *note, int a, int b)
{
	int r = a / b;
	free(note);
	return r;
}

int main(void)
{
	signal(SIGFPE, on_fpe);
	volatile int zero = 0;
	for (volatile int i = 0; i < 3; i++) {
		if (sigsetjmp(recover, 1) == 0)
			printf("%d\n", divide(strdup("dividing"), 10, i == 1 ? zero : 2)); // want full:alloc:MEMORY-LEAK detect:MEMORY-LEAK
		else
			puts("recovered");
	}
	return 0;
}

/* memlens:exit 2
 *
 * A function that may exit (fail: a string and its three words) is
 * called, optimised, through a trampoline that keeps every register
 * (__ml_exit_call), so main's loop may hold its three blocks in registers
 * a call would clobber: the trampoline leaves them on the stack, where
 * exit's leak check finds them held. fail gets its argument as a plain
 * call passes it. No leak may be reported. */
#include <stdio.h>
#include <stdlib.h>

static long failed_at;

static void fail(const char *why)
{
	printf("fail: %s %ld\n", why, failed_at);
	exit((int)(failed_at - 28));
}

static long step(long *a, long *b, long *c, long i)
{
	if (i == 30) {
		failed_at = i;
		fail("at");
	}
	a[i & 3] += i;
	b[i & 3] ^= a[i & 3];
	c[i & 3] += b[i & 3];
	return a[0] + b[1] + c[2];
}

int main(int argc, char **argv)
{
	(void)argv;
	long *a = calloc(4, sizeof *a), *b = calloc(4, sizeof *b), *c = calloc(4, sizeof *c);
	long s = 0;
	for (long i = 0; i < 40 + argc; i++)
		s += step(a, b, c, i);
	printf("%ld\n", s + a[1] + b[2] + c[3]);
	free(a);
	free(b);
	free(c);
	return 0;
}

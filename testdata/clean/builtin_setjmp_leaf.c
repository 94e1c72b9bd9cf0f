/* A function whose only calls are __builtin_setjmp and one that never
 * returns (gcc's torture test 20011029-1) makes no call that returns, yet
 * the setjmp needs its frame: a longjmp back must find it. */
#include <stdio.h>

static void *env[5];

static void fail(void) __attribute__((noreturn, noinline));
static void fail(void)
{
	__builtin_longjmp(env, 1);
}

static int __attribute__((noinline)) checked(int v)
{
	if (__builtin_setjmp(env))
		return -1;
	if (v < 0)
		fail();
	return v;
}

int main(void)
{
	int a = checked(5), b = checked(-3), c = checked(7);
	printf("%d %d %d\n", a, b, c);
	return 0;
}

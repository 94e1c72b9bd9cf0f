/* Local register variables (`register T x asm("reg")`) declared without
 * an initializer hold what their register holds: the stack pointer, a
 * register an asm statement or the caller left. memlens must neither
 * write them (a garbage address in rsp) nor report their reads as
 * uninitialized (full mode). And gcc 9's __builtin_has_attribute, which
 * the front end does not parse, on a function, a variable and a type. */
#include <stdio.h>

static __attribute__((noinline)) int on_stack(void)
{
	register char *sp asm("rsp");
	char *here = sp;
	char local = 1;
	return here != 0 && (&local - here) < 4096 && (here - &local) < 4096;
}

static long scratch(void)
{
	register long r12 asm("r12");
	return r12 * 0;
}

static long set_by_asm(int x)
{
	register long r13 asm("r13");
	asm volatile("lea 7(%1), %0" : "=r"(r13) : "r"((long)x));
	return r13;
}

int main(int argc, char **argv)
{
	(void)argv;
	register int kept asm("r14") = argc;
	printf("%d %ld %ld %d\n", on_stack(), scratch(), set_by_asm(argc), kept);
	printf("%d %d %d\n", __builtin_has_attribute(on_stack, noinline), __builtin_has_attribute(kept, aligned),
	       __builtin_has_attribute(int, aligned(4)));
	return 0;
}

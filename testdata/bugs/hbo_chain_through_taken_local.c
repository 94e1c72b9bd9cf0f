/* A pointer local taking the value of another that has one assignment
 * (Lua's io1 = s2v(ra) in each setobj): the taker's pending step is a
 * site naming both steps (instrument's takenSteps), so neither goes into
 * the ring; the chain shows them as the two statements they are. A local
 * assigned twice (cur) is taken as before: its step into the ring. */
#include <stdio.h>
#include <stdlib.h>

struct value {
	long n;
};

__attribute__((noinline)) static void copy_value(struct value *base, int a, int b)
{
	struct value *ra = base + a; // want chain:HEAP-BUFFER-OVERFLOW
	{
		struct value *io1 = ra; // want chain:HEAP-BUFFER-OVERFLOW
		const struct value *io2 = base + b;
		io1->n = io2->n; // want HEAP-BUFFER-OVERFLOW
	}
}

__attribute__((noinline)) static long sum_from(struct value *base, int a, int n)
{
	struct value *cur = base;
	cur = cur + a;
	struct value *at = cur;
	long s = 0;
	for (int i = 0; i < n; i++)
		s += at[i].n;
	return s;
}

int main(void)
{
	struct value *stack = malloc(4 * sizeof *stack); // want origin:HEAP-BUFFER-OVERFLOW
	if (stack == NULL)
		return 1;
	for (int i = 0; i < 4; i++)
		stack[i].n = i;
	copy_value(stack, 3, 0);
	printf("%ld\n", sum_from(stack, 1, 3));
	copy_value(stack, 4, 1); // want chain:HEAP-BUFFER-OVERFLOW
	free(stack);
	return 0;
}

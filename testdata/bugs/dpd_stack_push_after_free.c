/* A stack's block freed and its stack pointer kept: the next push
 * (*s->sp++ = v) writes into freed memory. Optimised, the move of s->sp
 * and the write's check are one test (memlens.h's __ml_move_chk): the
 * slot's shadow still vouches for the pointer, but its block is dead, so
 * the slow path moves it and the check reports. */
#include <stdio.h>
#include <stdlib.h>

struct stack {
	long *sp, *base;
};

__attribute__((noinline)) static void push(struct stack *s, long v)
{
	*s->sp++ = v; // want DANGLING-POINTER-DEREF
}

int main(void)
{
	struct stack s;
	s.base = malloc(8 * sizeof *s.base);
	if (s.base == NULL)
		return 1;
	s.sp = s.base;
	push(&s, 1);
	push(&s, 2);
	free(s.base);
	push(&s, 3);
	printf("%ld\n", (long)(s.sp - s.base));
	return 0;
}

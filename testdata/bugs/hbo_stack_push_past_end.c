/* A stack machine's push moves the stack pointer held in its struct
 * (*s->sp++ = v) one slot past the block: optimised, the move of s->sp
 * and the write's check are one test (memlens.h's __ml_move_chk), whose
 * slow path reports the write past the end. */
#include <stdio.h>
#include <stdlib.h>

struct stack {
	long *sp, *base;
};

__attribute__((noinline)) static void push(struct stack *s, long v)
{
	*s->sp++ = v; // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	struct stack s;
	long i, sum = 0;
	s.base = malloc(8 * sizeof *s.base); // want origin:HEAP-BUFFER-OVERFLOW
	if (s.base == NULL)
		return 1;
	s.sp = s.base;
	for (i = 0; i <= 8; i++)
		push(&s, i);
	for (i = 0; i < 8; i++)
		sum += s.base[i];
	printf("%ld\n", sum);
	free(s.base);
	return 0;
}

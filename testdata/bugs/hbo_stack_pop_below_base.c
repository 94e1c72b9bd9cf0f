/* A stack machine's pop moves the stack pointer held in its struct
 * (*--s->sp) below the block once it is empty: optimised, the move of
 * s->sp and the read's check are one test (memlens.h's __ml_move_chk),
 * whose slow path reports the read before the start. */
#include <stdio.h>
#include <stdlib.h>

struct stack {
	long *sp, *base;
};

__attribute__((noinline)) static long pop(struct stack *s)
{
	return *--s->sp; // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	struct stack s;
	long i, sum = 0;
	s.base = malloc(4 * sizeof *s.base); // want origin:HEAP-BUFFER-OVERFLOW
	if (s.base == NULL)
		return 1;
	for (i = 0; i < 4; i++)
		s.base[i] = i + 1;
	s.sp = s.base + 4;
	for (i = 0; i <= 4; i++)
		sum += pop(&s);
	printf("%ld\n", sum);
	free(s.base);
	return 0;
}

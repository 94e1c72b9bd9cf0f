/* A writer's cursor, held in its struct, points into a string literal:
 * writing through it (*w->at++ = c) writes read-only memory. Optimised,
 * the move of w->at and the write's check are one test (memlens.h's
 * __ml_move_chk), which fails on the literal's read-only generation. */
#include <stdio.h>

struct writer {
	char *at;
};

__attribute__((noinline)) static void put(struct writer *w, char c)
{
	*w->at++ = c; // want READ-ONLY-WRITE
}

int main(void)
{
	struct writer w;
	w.at = (char *)"abc";
	put(&w, 'x');
	printf("%c\n", w.at[0]);
	return 0;
}

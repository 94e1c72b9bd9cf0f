/* memlens:exit 3
 *
 * A program that exits from a function the optimiser inlines (die, called
 * once) while main still holds three blocks it uses after the loop, in
 * registers only: on the path that exits, gcc, knowing it ends there,
 * could give those registers to die's own values, kept across its printf
 * calls, and exit's leak check would find a block no one holds. Memlens
 * calls die so that gcc keeps main's pointers (calleeText). No leak may be
 * reported. */
#include <stdio.h>
#include <stdlib.h>

static void die(long a, long b, long c, long d, long e)
{
	printf("bad %ld\n", a);
	printf("%ld %ld %ld %ld %ld\n", a * 3, b * 5, c * 7, d * 11, e * 13);
	printf("%ld %ld %ld %ld %ld\n", e, d, c, b, a);
	exit((int)(a + b + c + d + e) & 3);
}

int main(int argc, char **argv)
{
	(void)argv;
	long *a = malloc(32), *b = malloc(32), *c = malloc(32);
	long s = 0;
	for (long i = 0; i < 40; i++) {
		if (i == 30 + argc)
			die(i, i + argc, i * argc, s, s + i);
		s += i;
	}
	a[0] = s;
	b[0] = s + 1;
	c[0] = s + 2;
	printf("%ld\n", a[0] + b[0] + c[0]);
	free(a);
	free(b);
	free(c);
	return 0;
}

/* __builtin_constant_p's operand is folded, never evaluated: full
 * checking's read of an uninitialized `i` made `i && 0` no longer a
 * constant (tinycc's tests ask it so). */
#include <stdio.h>
#include <stdlib.h>

static int twice(int x)
{
	return 2 * x;
}

int main(int argc, char **argv)
{
	int i;
	int *p = malloc(sizeof *p);
	if (!p)
		return 1;
	*p = argc;
	printf("%d %d %d %d %d\n", __builtin_constant_p(i && 0), __builtin_constant_p(i && 0 ? i : 34),
	       __builtin_constant_p(*p), __builtin_constant_p(twice(3) + 0 * *p), __builtin_constant_p(argv[0][0]));
	free(p);
	return 0;
}

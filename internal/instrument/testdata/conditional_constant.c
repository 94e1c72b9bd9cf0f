/* GNU's conditional with the middle operand left out and a nonzero
 * constant condition (tinycc's tests): cc/v4's checker panics on it, so
 * File must return a *ParseError (the unit is compiled uninstrumented)
 * instead of panicking (memlens cc stopped with an internal error). */
#include <stdio.h>

int main(void)
{
	static int kept = 34 ?: -1;
	static int other = 0 ?: -1;
	printf("%d %d\n", kept, other);
	return 0;
}

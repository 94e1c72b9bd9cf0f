/* A read through a pointer proves the block alive, not writable: the
 * write after it through the same pointer into a string literal is still
 * checked for that. */
#include <stdio.h>

int main(void)
{
	const char *msg = "hello";
	char *p = (char *)msg;
	if (p[0] == 'h')
		p[0] = 'H'; // want READ-ONLY-WRITE
	printf("%c\n", p[1]);
	return 0;
}

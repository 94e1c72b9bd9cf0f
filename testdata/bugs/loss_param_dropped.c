/* A callee takes a fresh block as its parameter and neither keeps nor frees it. */
#include <stdio.h>
#include <stdlib.h>

static void show(char *s)
{
	s[0] = 'x';
	s[1] = 0;
	printf("%s\n", s);
} // want full:MEMORY-LEAK

int main(void)
{
	show(malloc(4)); // want alloc:MEMORY-LEAK
	return 0;
}

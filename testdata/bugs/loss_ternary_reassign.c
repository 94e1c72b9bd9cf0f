/* A conditional allocation is dropped by the next assignment. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	(void)argv;
	char *p = argc > 0 ? malloc(12) : NULL; // want alloc:MEMORY-LEAK
	p = argc > 5 ? p : NULL; // want full:MEMORY-LEAK
	printf("%p\n", (void *)p);
	return 0;
}

/* A goto jumps over the assignment the later use relies on. */
#include <stdio.h>

int main(int argc, char **argv)
{
	int limit;
	(void)argv;
	if (argc > 0)
		goto run;
	limit = 10;
run:
	for (int i = 0; i < 3; i++)
		if (i > limit) // want UNINITIALIZED-READ
			puts("over");
	puts("ok");
	return 0;
}

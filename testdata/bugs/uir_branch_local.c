/* A local assigned on one path only decides a branch on the other. */
#include <stdio.h>

int main(int argc, char **argv)
{
	int verbose;
	(void)argv;
	if (argc > 3)
		verbose = 1;
	if (verbose) // want UNINITIALIZED-READ
		puts("verbose");
	puts("done");
	return 0;
}

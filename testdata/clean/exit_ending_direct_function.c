/* A static function returning int whose body ends in a call to exit, its
 * only callers calling it by name (lz4's lz4cli.c, badusage): memlens
 * gives such a function extra parameters, and the value it returns after
 * the exit (never run, for gcc's sake) is typed by a call of the function
 * that must pass them too (gcc: too few arguments to function
 * 'badusage'). */
#include <stdio.h>
#include <stdlib.h>

static int verbose = 1;

static int usage(const char *name)
{
	printf("usage: %s FILE\n", name);
	return 0;
}

static int finish(const char *name, int status)
{
	if (verbose)
		usage(name);
	exit(status);
}

int main(int argc, char **argv)
{
	(void)argc;
	if (!argv[0])
		return finish("prog", 1);
	return finish("prog", 0);
}

/* memlens:args first second third
 *
 * Copies its arguments to the heap and stores the copies in argv[], as
 * redis's setproctitle.c does before it reuses the strings' memory for
 * the process title; the copies live until exit. argv[] lies above the
 * stack's end glibc records (__libc_stack_end, at argc), so memlens's
 * leak check once missed it and reported the copies definitely lost. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		char *copy = strdup(argv[i]);
		if (copy == NULL)
			return 1;
		memset(argv[i], '-', strlen(argv[i]));	/* the original's memory reused */
		argv[i] = copy;
	}
	for (int i = 1; i < argc; i++)
		printf("%d %s\n", i, argv[i]);
	return 0;
}

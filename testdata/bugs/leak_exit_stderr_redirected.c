// memlens:options leak_check=exit
/* The program points fd 2 at /dev/null and leaks: the report still goes to
 * the stderr the program started with, as Valgrind's does (the report is for
 * whoever ran the program, not part of the program's own output). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void)
{
	int *counts = calloc(16, sizeof *counts); // want MEMORY-LEAK
	if (!counts)
		return 1;
	counts[3] = 7;
	printf("%d\n", counts[3]);
	counts = NULL;
	int null = open("/dev/null", O_WRONLY);
	if (null < 0 || dup2(null, 2) < 0)
		return 2;
	close(null);
	return 0;
}

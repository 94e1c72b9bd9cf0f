// memlens:options leak_check=exit
/* getline allocates the line buffer; the reader forgets to free it. */
#include <stdio.h>
#include <stdlib.h>

/* memlens:stdin leak_exit_getline.in */

static long count_lines(FILE *f)
{
	char *line = NULL;
	size_t cap = 0;
	long n = 0;
	while (getline(&line, &cap, f) > 0) // want MEMORY-LEAK
		n++;
	return n;
}

int main(void)
{
	printf("%ld\n", count_lines(stdin));
	return 0;
}

// memlens:options leak_check=exit
/* Like gnulib's close_stdout, the program closes stderr before it returns;
 * the leak found at exit must still be reported (memlens writes reports to
 * a copy of stderr it keeps from the start). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *greeting(const char *name)
{
	char *s = malloc(strlen(name) + 8); // want MEMORY-LEAK
	if (s)
		sprintf(s, "hello, %s", name);
	return s;
}

int main(void)
{
	char *g = greeting("world");
	if (!g)
		return 1;
	puts(g);
	g = NULL;
	fputs("closing stderr\n", stderr);
	if (fclose(stderr) != 0)
		return 2;
	return 0;
}

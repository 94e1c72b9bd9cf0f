// memlens:options leak_check=exit
/* A configuration string is replaced without freeing the old one; at exit
 * the first value has no pointer left to it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *current;

static void set_name(const char *s)
{
	char *copy = malloc(strlen(s) + 1); // want MEMORY-LEAK
	strcpy(copy, s);
	current = copy;
}

int main(void)
{
	set_name("first");
	set_name("second-and-longer");
	printf("%s\n", current);
	return 0;
}

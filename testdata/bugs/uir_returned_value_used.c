/* A static helper returns a value it never set: returning it decides
 * nothing, so it travels to where a caller uses it, through a variable,
 * two helpers and a heap slot, and is reported there, not at the return. */
#include <stdio.h>
#include <stdlib.h>

static int level(int c)
{
	int x; // want full:origin:UNINITIALIZED-READ
	if (c)
		x = 1;
	return x;
}

static int twice(int c)
{
	return 2 * level(c);
}

static long widened(int c)
{
	return twice(c) + 1L;
}

int main(int argc, char **argv)
{
	int set = argc > 5;
	if (level(set)) // want full:UNINITIALIZED-READ
		puts("leveled");
	long w = widened(set);
	long *slot = malloc(sizeof *slot);
	if (slot == NULL)
		return 1;
	*slot = w;
	if (*slot > 2) // want full:UNINITIALIZED-READ
		puts("wide");
	printf("%d\n", twice(set) > 0); // want full:UNINITIALIZED-READ
	free(slot);
	return 0;
}

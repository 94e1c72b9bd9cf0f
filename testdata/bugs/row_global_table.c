/* A table of names initialized statically; a "normalise" pass edits the
 * entries in place, but they are string literals. The pointers were
 * stored by the static initializer, not by instrumented code. */
#include <stdio.h>

static char *colours[] = {"red", "green", "blue"};

static void normalise(char **names, int n)
{
	for (int i = 0; i < n; i++)
		if (names[i][0] >= 'a' && names[i][0] <= 'z')
			names[i][0] -= 'a' - 'A'; // want READ-ONLY-WRITE
}

int main(void)
{
	normalise(colours, 3);
	printf("%s %s %s\n", colours[0], colours[1], colours[2]);
	return 0;
}

/* The output pointer is set only when a match is found; the "not found"
 * path writes through it anyway (with definedness tracked, a use of an
 * undefined value, as Valgrind says). */
#include <stdio.h>
#include <string.h>

static int counts[4];

int main(int argc, char **argv)
{
	const char *key = argc > 1 ? argv[1] : "delta";
	const char *names[] = {"alpha", "beta", "gamma", "omega"};
	int *slot;
	for (int i = 0; i < 4; i++)
		if (strcmp(names[i], key) == 0)
			slot = &counts[i];
	*slot += 1; // want full:UNINITIALIZED-READ INVALID-DEREF
	printf("%d\n", counts[0]);
	return 0;
}

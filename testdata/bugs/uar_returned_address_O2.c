/* memlens:cflags -O2
 *
 * A helper returns the address of its local; at -O2 gcc would turn that
 * address into NULL, and the caller's read would look like a NULL
 * dereference instead of what it is. */
#include <stdio.h>

static int *newest(int seed)
{
	int value = seed * 3;
	int *p = &value;
	return p;
}

int main(int argc, char **argv)
{
	(void)argv;
	int *v = newest(argc);
	printf("%d\n", *v); // want USE-AFTER-RETURN
	return 0;
}

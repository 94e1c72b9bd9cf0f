/* A local declared without an initializer is handed to a helper that
 * stores it on one path and returns early on another: it stays poisoned
 * (not an out-parameter the callee always stores first), and its read
 * after the early return is reported; the one a helper always stores is
 * read defined. */
#include <stdio.h>
#include <stdlib.h>

static long take(long *stack, long *a)
{
	long b = stack[1];
	*a = stack[0];
	return b;
}

static long parse(const char *s, long *out)
{
	if (!s[0])
		return 0;
	*out = strtol(s, NULL, 10);
	return 1;
}

int main(int argc, char **argv)
{
	long stack[2] = {3, 4};
	long a, b = take(stack, &a);
	long v, ok = parse(argc > 5 ? argv[1] : "", &v);
	printf("%ld %ld\n", a + b, ok);
	if (v > 0) // want full:UNINITIALIZED-READ
		printf("positive\n");
	return 0;
}

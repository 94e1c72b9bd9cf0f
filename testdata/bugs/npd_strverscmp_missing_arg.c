/* The version to compare against is an optional argument, and NULL when
 * it is missing; strverscmp, which memlens does not check, reads it: the
 * fault is inside libc, under the program's call. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	const char *have = "1.10";
	const char *want = argc > 1 ? argv[1] : NULL;
	printf("%s\n", strverscmp(have, want) >= 0 ? "new enough" : "too old"); // want NULL-POINTER-DEREF
	return 0;
}

/* An error handler longjmps out of the parser: the copy parse_item held
 * leaves scope with its frame, at the longjmp. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jmp_buf env;

static void fail(const char *why)
{
	fprintf(stderr, "error: %s\n", why);
	longjmp(env, 1); // want full:MEMORY-LEAK
}

static int parse_item(const char *s)
{
	char *copy = strdup(s); // want alloc:MEMORY-LEAK
	if (copy[0] == '!')
		fail("bang");
	int n = (int)strlen(copy);
	free(copy);
	return n;
}

static int parse_all(const char *const *items, int n)
{
	int total = 0;
	for (int i = 0; i < n; i++)
		total += parse_item(items[i]);
	return total;
}

int main(void)
{
	const char *items[] = {"ab", "cde", "!x", "f"};
	if (setjmp(env) == 0) {
		printf("%d\n", parse_all(items, 4));
	} else {
		puts("recovered");
	}
	return 0;
}

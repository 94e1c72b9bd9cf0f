/* A view into a buffer is passed by value after the buffer was freed: the
 * copy in the callee's parameter keeps the pointer's (dead) block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct view {
	const char *s;
	size_t len;
};

__attribute__((noinline)) int show(struct view v)
{
	return printf("%.*s\n", (int)v.len, v.s + 2); // want DANGLING-POINTER-DEREF
}

int main(void)
{
	char *text = malloc(16);
	if (text == NULL)
		return 1;
	strcpy(text, "hello, world");
	struct view v = {text, 3};
	free(text);
	show(v);
	return 0;
}

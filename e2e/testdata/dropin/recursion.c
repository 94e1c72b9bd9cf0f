/* Recursion as deep as the native build manages: a small parser-like
 * function taking a pointer, 60,000 levels deep. */
#include <stdio.h>

struct cursor {
	const char *s;
	int depth;
};

static int nest(struct cursor *c, int n)
{
	char here[16];
	here[n % 16] = (char)n;
	if (n == 0)
		return c->depth;
	c->depth++;
	return nest(c, n - 1) + (here[n % 16] != 0);
}

int main(void)
{
	struct cursor c = {"x", 0};
	printf("%d\n", nest(&c, 60000));
	return 0;
}

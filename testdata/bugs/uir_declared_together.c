/* Of the locals declared together, the initializer writes the first but
 * not the second, which decides a branch unwritten. */
#include <stdio.h>

static int parse(const char *s, int *value)
{
	int n = 0;
	while (*s >= '0' && *s <= '9')
		n = n * 10 + (*s++ - '0');
	*value = n;
	return *s == '\0';
}

int main(void)
{
	int value, limit, ok = parse("42", &value);
	if (ok && value > limit) // want full:UNINITIALIZED-READ
		puts("over the limit");
	printf("%d\n", value);
	return 0;
}

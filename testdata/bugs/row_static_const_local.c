/* A function keeps a const lookup table as a static local; its caller
 * gets a pointer into it and memset()s part of it. */
#include <stdio.h>
#include <string.h>

static const char *hexdigits(void)
{
	static const char digits[17] = "0123456789abcdef";
	return digits;
}

int main(void)
{
	char *d = (char *)hexdigits();
	printf("%c\n", d[10]);
	memset(d + 10, 'A', 6); // want READ-ONLY-WRITE
	printf("%s\n", d);
	return 0;
}

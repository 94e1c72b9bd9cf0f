/* A global's flexible array member holds the six bytes of its initializer
 * ("hello"); a read one past them, through a pointer, is an overflow of
 * the variable, whose extent is its initializer's, not sizeof's. */
#include <stdio.h>

struct name {
	int len;
	char tag;
	char s[];
};

struct name greeting = {5, 'g', "hello"};

static char at(const char *p, int i)
{
	return p[i]; // want GLOBAL-BUFFER-OVERFLOW
}

int main(int argc, char **argv)
{
	(void)argv;
	printf("%c\n", at(greeting.s, 4));
	return at(greeting.s, 5 + argc);
}

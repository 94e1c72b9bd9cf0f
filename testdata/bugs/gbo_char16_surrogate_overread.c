/* A UTF-16 literal holding a character past 16 bits (a surrogate pair, two
 * elements) counted as one element a character: the loop reads the
 * literal's four elements, terminator included, and then one more. */
#include <stdio.h>
#include <uchar.h>

static unsigned checksum(const char16_t *s, int chars)
{
	unsigned v = 0;
	for (int i = 0; i <= chars + 2; i++)
		v = v * 31 + s[i]; // want GLOBAL-BUFFER-OVERFLOW
	return v;
}

int main(void)
{
	printf("%u\n", checksum(u"a\U0001F600", 2));
	return 0;
}

/* A UTF-16 name scanned for a character the literal lacks walks past its
 * terminator; a UTF-32 tag read a fixed four characters, one past the end
 * of the shorter literal. */
#include <stdio.h>
#include <uchar.h>

static int find16(const char16_t *s, char16_t c, int max)
{
	int n = 0;
	while (n < max && s[n] != c) // want GLOBAL-BUFFER-OVERFLOW
		n++;
	return n;
}

static unsigned tag32(const char32_t *t)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++)
		v = v * 33 + t[i]; // want GLOBAL-BUFFER-OVERFLOW
	return v;
}

int main(void)
{
	printf("%d\n", find16(u"abc" u"d", u'x', 8));
	printf("%u\n", tag32(U"RIF" U"F"));
	printf("%u\n", tag32(U"xy"));
	return 0;
}

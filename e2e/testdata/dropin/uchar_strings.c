/* C11's u"…" and U"…" literals (char16_t and char32_t arrays), which the
 * front end does not lex, and runs of adjacent literals whose prefix is
 * not on the first piece ("a" u8"b", "a" L"b", u"a" "b"), in every place
 * a literal may stand: each is instrumented like "" and L"". */
#include <stdio.h>
#include <string.h>
#include <uchar.h>
#include <wchar.h>

struct named {
	const char16_t *name;
	const char32_t *wide;
};

static const char16_t *greeting = u"hello";
static const char32_t *planets[] = {U"mercury", U"ven" U"us", U"" "earth"};
static struct named table[] = {{u"one", U"1"}, {u"t" "wo", U"2"}};
static char16_t buffer[] = u"buffer";
static const char *joined = "a" u8"b" "c";
static const wchar_t *wide = "x" L"yz";

static size_t len16(const char16_t *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

static size_t len32(const char32_t *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

static unsigned sum16(const char16_t *s)
{
	unsigned v = 0;
	for (; *s; s++)
		v = v * 31 + *s;
	return v;
}

int main(int argc, char **argv)
{
	(void)argv;
	const char16_t *local = u"\u00e9t\u00e9";
	const char32_t *emoji = U"\U0001F600 ok";
	printf("%zu %zu %zu %zu\n", len16(greeting), len32(planets[1]), len32(planets[2]), len16(table[1].name));
	printf("%zu %zu %zu %zu %zu\n", sizeof(u"hello"), sizeof(U"ven" U"us"), sizeof("a" u8"b"), sizeof(u"\u00e9"),
	       sizeof buffer);
	printf("%u %u %u %u\n", sum16(local), (unsigned)emoji[0], (unsigned)local[1], (unsigned)u"xyz"[argc]);
	printf("%d %d %d\n", _Generic(u"a", char16_t *: 1, default: 0), _Generic(U"a", char32_t *: 1, default: 0),
	       _Generic(u8"a", char *: 1, unsigned char *: 2, default: 0));
	printf("%s %zu %ls %u\n", joined, strlen(joined), wide, (unsigned)U"abc"[argc + 1]);
	buffer[0] = u'B';
	printf("%u %u %zu\n", (unsigned)buffer[0], sum16(buffer), len32(table[0].wide));
	return 0;
}

/* C11's u"…" literals holding characters past 16 bits, which UTF-16 writes
 * as surrogate pairs (two elements each), as \U escapes and as UTF-8, alone
 * and in runs of pieces: each is instrumented with its real length. */
#include <stdio.h>
#include <uchar.h>

static const char16_t *smile = u"\U0001F600 ok";
static char16_t both[] = u"a😀b" "\U0001F601";
static const char16_t *names[] = {u"x", u"\U0001F602" u"y", u"\U000000e9"};

static size_t len16(const char16_t *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

int main(int argc, char **argv)
{
	(void)argv;
	const char16_t *local = u"x\U0001F600y";
	printf("%zu %zu %zu %zu %zu\n", len16(smile), sizeof both, len16(local), sizeof(u"😀"), len16(names[1]));
	printf("%x %x %x %x\n", (unsigned)smile[0], (unsigned)smile[1], (unsigned)both[argc + 1], (unsigned)local[argc + 1]);
	printf("%x %x\n", (unsigned)u"\U0001F600"[argc], (unsigned)names[2][0]);
	both[argc] = u'B';
	printf("%x %zu\n", (unsigned)both[1], len16(both));
	return 0;
}

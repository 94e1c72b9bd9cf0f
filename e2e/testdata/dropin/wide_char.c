/* C11's u'a' and U'a' (char16_t, char32_t), which the front end does not
 * lex, and wide character constants it rejects (a hex escape past a byte,
 * more than one character: gcc warns and keeps the last), in every place
 * a constant may stand; and wide literals whose hex escape an adjacent
 * literal starting with a hex digit follows. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

#define WIDE(c) L##c

static const wchar_t table[] = {L'\x1234', L'ab', WIDE('\xffffffff'), L'\u00e9'};
static const unsigned int wide32[] = {U'\x1F600', U'é', u'\x2603', u'\n'};
static char seen[u'\x10'];

static int kind(wchar_t c)
{
	switch (c) {
	case L'\x1234':
		return 1;
	case L'\xffffffff':
		return 2;
	case u'\x2603':
		return 3;
	default:
		return 0;
	}
}

int main(void)
{
	const char *text = "L'x' u'x' stay text";
	wchar_t *copy = malloc(sizeof table);
	for (size_t i = 0; i < sizeof table / sizeof *table; i++)
		copy[i] = table[i];
	seen[u'\x0f'] = 1;
	printf("%zu %zu %zu %d %d %u\n", sizeof L'\x1234', sizeof u'a', sizeof U'a', L'\xffffffff', -u'\x01', U'\xffffffff');
	printf("%d %d %d\n", _Generic(u'a', unsigned short: 1, default: 0), _Generic(U'a', unsigned int: 1, default: 0),
	       _Generic(L'\x1234', wchar_t: 1, default: 0));
	for (size_t i = 0; i < sizeof table / sizeof *table; i++)
		printf("%d:%d ", (int)copy[i], kind(copy[i]));
	for (size_t i = 0; i < sizeof wide32 / sizeof *wide32; i++)
		printf("%u:%d ", wide32[i], kind((wchar_t)wide32[i]));
	printf("%s %d\n", text, seen[15]);
	/* adjacent literals: a hex escape ends where its literal does */
	const wchar_t *joined = L"\x1234" "5" L"\xab" "cd";
	printf("%zu %x %x %x %x\n", sizeof(L"\x1234" "5" L"\xab" "cd"), (unsigned)joined[0], (unsigned)joined[1],
	       (unsigned)joined[2], (unsigned)joined[3]);
	free(copy);
	return 0;
}

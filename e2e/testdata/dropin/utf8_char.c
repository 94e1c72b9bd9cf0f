/* C23's UTF-8 character constants (u8'a': type unsigned char), which the
 * front end does not lex: in every place a constant may stand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QUOTED(c) u8##c

static const unsigned char table[] = {u8'a', u8'\xff', u8'\'', QUOTED('"')};
static char seen[u8'\x10'];

static int kind(int c)
{
	switch (c) {
	case u8'a':
		return 1;
	case u8'\xff':
		return 2;
	default:
		return 0;
	}
}

int main(void)
{
	const char *text = "u8'x' stays text";
	unsigned char *copy = malloc(sizeof table);
	memcpy(copy, table, sizeof table);
	seen[u8'\x0f'] = 1;
	printf("%zu %d %d %d %d\n", sizeof u8'a', u8'\xff', -u8'\x01',
	       _Generic(u8'a', unsigned char: 1, char: 2, int: 3, default: 4), u8'\377' > 0);
	for (size_t i = 0; i < sizeof table; i++)
		printf("%d:%d ", copy[i], kind(copy[i]));
	printf("%s %d\n", text, seen[15]);
	free(copy);
	return 0;
}

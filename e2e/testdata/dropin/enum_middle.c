/* GNU's conditional with the middle operand left out on enumeration
 * constants (FLAG_DEFAULT ?: x), on which the front end's checker
 * panicked: in a static initializer, a case label and expressions. */
#include <stdio.h>

enum level { QUIET, NORMAL = 2, LOUD = NORMAL * 2 };
enum { NONE };

#define OR(x, d) ((x) ?: (d))

static int start = LOUD ?: 1;
static int fallback = NONE ?: NORMAL;

static const char *name(int l)
{
	switch (l) {
	case OR(QUIET, NORMAL):
		return "normal";
	case LOUD ?: 1:
		return "loud";
	default:
		return "other";
	}
}

int main(int argc, char **argv)
{
	(void)argv;
	int levels[3] = {NORMAL ?: argc, QUIET ?: argc + 3, (LOUD + 1) ?: 0};
	for (int i = 0; i < 3; i++)
		printf("%d %s\n", levels[i], name(levels[i]));
	printf("%d %d %s\n", start, fallback, name(OR(NONE, LOUD)));
	return 0;
}

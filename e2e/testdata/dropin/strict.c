/* cJSON-style strict flags (-std=c89 -pedantic -Werror and friends) with a
 * #pragma GCC diagnostic push/ignored/pop around one function, and a
 * warning gcc does print (-Wunused-parameter is not an error here). */
#include <stdio.h>
#include <stddef.h>

struct item {
	const char *name;
	int count;
};

/* offsetof in a file-scope array size: an integer constant to gcc */
static char pad[offsetof(struct item, count)];

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wcast-qual"
static char *cast_away_const(const char *s)
{
	return (char *)s;
}
#pragma GCC diagnostic pop

static int twice(int x, int unused)
{
	return 2 * x;
}

int main(void)
{
	struct item it;
	char *p;
	it.name = "gear";
	it.count = twice(21, 0);
	p = cast_away_const(it.name);
	printf("%s %d %d\n", p, it.count, (int)sizeof pad);
	return 0;
}

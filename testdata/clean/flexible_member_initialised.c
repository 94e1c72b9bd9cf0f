/* Globals and a static local whose flexible array member is given elements
 * by their initializers (a GNU extension): the object holds them past
 * sizeof, and reading them through pointers (printf's %s, memcpy, a loop)
 * is no overflow. */
#include <stdio.h>
#include <string.h>

struct numbers {
	int n;
	int d[];
};

struct name {
	int len;
	char tag;
	char s[];
};

static struct numbers primes = {4, {2, 3, 5, 7}};
struct name greeting = {5, 'g', "hello"};
struct name nobody = {0, 'n'};

static int sum(const struct numbers *p)
{
	int s = 0;
	for (int i = 0; i < p->n; i++)
		s += p->d[i];
	return s;
}

int main(void)
{
	static struct numbers tens = {3, {10, 20, 30}};
	char copy[sizeof "hello"];
	memcpy(copy, greeting.s, sizeof copy);
	printf("%d %d %s %s %d %zu\n", sum(&primes), sum(&tens), greeting.s, copy, nobody.len, sizeof greeting);
	return 0;
}

/* Returns of every integer width and of pointers (a string literal, an
 * array, NULL, void *, a block's interior), from leaves and from functions
 * calling others, converted by the return as natively: unoptimised, memlens
 * passes such a value through one helper call that hands a pointer's meta
 * to the caller, pops the side frame and puts the depth back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum colour { RED = -1, GREEN = 7 };
static char table[8] = "abcdefg";

static signed char negated(int x) { return (signed char)-x; }
static unsigned short tripled(unsigned x) { return (unsigned short)(x * 3u); }
static _Bool is_even(long x) { return x % 2 == 0; }
static enum colour colour_of(int x) { return x ? GREEN : RED; }
static long long scaled(long long x) { return x * 1000000007LL; }
static char narrowed(int x) { return x; }
static int twice(int x) { return 2 * x; }
static int sum_through(int (*f)(int), int x) { return f(x) + f(x + 1); }

static const char *name(int x)
{
	if (x > 1)
		return "many";
	if (x == 1)
		return table;
	return NULL;
}

static void *past_first(char *p) { return p + 1; }

static char *element(char *p, size_t i)
{
	char *q = p;
	return &q[i];
}

static char *upper_copy(const char *s)
{
	char *d = malloc(strlen(s) + 1);
	if (!d)
		return NULL;
	strcpy(d, s);
	for (char *q = d; *q; q++)
		if (*q >= 'a' && *q <= 'z')
			*q = (char)(*q - 32);
	return d;
}

static int nested(int n) { return n > 0 ? nested(n - 1) + 1 : 0; }

int main(void)
{
	printf("%d %u %d %d %lld %d\n", negated(5), tripled(70000), is_even(-4), colour_of(0), scaled(-3),
	       narrowed(321));
	printf("%d %d\n", sum_through(twice, 10), nested(40));
	printf("%s %s %s\n", name(2), name(1), name(0) ? "?" : "(none)");
	char *up = upper_copy(name(1));
	if (!up)
		return 1;
	char *third = element(up, 2);
	char *next = past_first(third);
	printf("%s %c %c %s\n", up, *third, *next, (char *)past_first(up));
	free(up);
	return 0;
}

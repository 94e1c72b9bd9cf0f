/* Expressions with side effects in awkward places: macro arguments such as
 * *p++ evaluated exactly once (or, sequenced, twice), a[i++] += 2, sizeof
 * and typeof operands that are not evaluated, comma expressions, ternaries
 * yielding pointers (also as lvalues) and register variables. */
#include <stdio.h>
#include <string.h>

#define SQUARE_ONCE(x) ({ __typeof__(x) _v = (x); _v * _v; })
#define MAX(a, b) ((a) > (b) ? (a) : (b)) /* evaluates the larger twice */
#define SWAP(a, b) do { __typeof__(a) _t = (a); (a) = (b); (b) = _t; } while (0)

static int calls;

static int next(void)
{
	return ++calls;
}

int main(void)
{
	int data[] = {3, 4, 5, 6, 7, 8};
	int *p = data;
	int s1 = SQUARE_ONCE(*p++);
	printf("square %d, p advanced by %td\n", s1, p - data);
	int m1 = MAX(*p++, 9); /* 4 > 9 is false: *p++ evaluated once */
	int m2 = MAX(*p++, 2); /* 5 > 2: *p++ evaluated again for the result (6) */
	printf("max %d %d, p at index %td\n", m1, m2, p - data);
	p = data + 1;
	int t = *p++;
	t += *p++;
	printf("two reads: %d, p at index %td\n", t, p - data);

	int a[5] = {1, 1, 1, 1, 1};
	int i = 0;
	a[i++] += 2;
	a[i++] += 2;
	a[i++] *= 3;
	printf("a = %d %d %d %d %d, i = %d\n", a[0], a[1], a[2], a[3], a[4], i);

	size_t sz = sizeof(next());        /* not evaluated */
	__typeof__(next()) typed = 10;     /* not evaluated */
	size_t sz2 = sizeof data[calls++]; /* not evaluated */
	printf("sizeof %zu %zu, typed %d, calls %d\n", sz, sz2, typed, calls);

	int x = (next(), next(), next());
	printf("comma result %d, calls %d\n", x, calls);
	for (int lo = 0, hi = 5; lo < hi; lo++, hi--)
		SWAP(data[lo], data[hi]);
	printf("reversed: %d %d %d %d %d %d\n", data[0], data[1], data[2], data[3], data[4], data[5]);

	int left = 1, right = 2;
	int *bigger = left > right ? &left : &right;
	*bigger += 40;
	*(left < right ? &left : &right) = -1;
	printf("left %d right %d\n", left, right);
	const char *words[] = {"short", "a much longer word"};
	const char *longest = strlen(words[0]) > strlen(words[1]) ? words[0] : words[1];
	printf("longest: %s\n", longest);

	register int acc = 0;
	for (register int k = 1; k <= 10; k++)
		acc += k & 1 ? k : -k;
	printf("register acc %d\n", acc);

	int n = 0;
	int r = (n++ == 0) || (n++ == 0); /* short-circuit: second side effect skipped */
	int q = (n++ == 5) && (n++ == 0);
	printf("r %d q %d n %d\n", r, q, n);
	return 0;
}

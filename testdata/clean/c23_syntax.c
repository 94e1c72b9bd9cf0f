/* memlens:cflags -std=c2x
 * C23 syntax gcc 12 accepts (some of it in any mode since gcc 11) that the
 * front end did not parse, so the unit was compiled without checks, after a
 * warning gcc does not print: digit separators, a static assertion without
 * a message (assert.h's static_assert, whose expansion holds line markers),
 * the attributes [[nodiscard]], [[maybe_unused]], [[deprecated]] and
 * [[fallthrough]], a label ending a block and a label before a declaration.
 * The instrumented program must print what the native one prints. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

static_assert(sizeof(int) == 4);
_Static_assert(1'000 > 999);
_Static_assert(sizeof(long) == 8, "with a message, as before");

struct flags {
	unsigned mask;
	static_assert(sizeof(unsigned) >= 4);
};

[[nodiscard]] static int twice(int x) { return 2 * x; }
[[maybe_unused]] static int unused;
[[deprecated("use twice")]] static int once(int x) { return x; }

static int classify(int k)
{
	int r = 0;
	switch (k) {
	case 0:
		r += 1;
		[[fallthrough]];
	case 1:
		r += 2;
		break;
	default:
	}
	return r;
}

static int skip(int n)
{
	if (n)
		goto done;
	n = 5;
done:
	int m = n + 1;
	for (int i = 0; i < 3; i++) {
		if (i == m)
			goto next;
		m += i;
	next:
	}
	return m;
}

int main(void)
{
	unsigned long big = 0b1010'0101;
	long million = 1'000'000;
	double ratio = 1'234.5e-1;
	struct flags f = { 0x00ff'ff00u };
	int *v = malloc(4 * sizeof *v);
	if (!v)
		return 1;
	for (int i = 0; i < 4; i++)
		v[i] = twice(i) + once(i);
	printf("%lu %ld %.2f %x %d\n", big, million, ratio, f.mask, v[3]);
	printf("%d %d %d %d %d\n", classify(0), classify(1), classify(2), skip(0), skip(1));
	printf("%s\n", "_Static_assert(0); [[nodiscard]] 1'2 :}");
	free(v);
	return 0;
}

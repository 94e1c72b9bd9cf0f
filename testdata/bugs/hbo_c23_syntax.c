/* memlens:cflags -std=c2x
 * An overflow in a unit written with C23 syntax the front end did not parse
 * (clean/c23_syntax has all of it): digit separators, a static assertion
 * without a message, [[nodiscard]], a label before a declaration and one
 * ending a block. The unit was compiled without checks (a warning), and
 * the overflow went unseen. */
#include <assert.h>
#include <stdlib.h>

static_assert(sizeof(short) == 2);

[[nodiscard]] static int *table(int n) { return malloc((size_t)n * sizeof(int)); }

int main(void)
{
	int n = 1'0;
	int *t = table(n);
	if (!t)
		return 1;
	goto fill;
fill:
	int last = n;
	for (int i = 0; i <= last; i++) {
		t[i] = i; // want HEAP-BUFFER-OVERFLOW
		if (i == last)
			goto out;
	out:
	}
	free(t);
	return 0;
}

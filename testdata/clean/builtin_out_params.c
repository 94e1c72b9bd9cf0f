/* Values gcc's builtins write (full checking must see them defined):
 * __builtin_mul_overflow's result through its last argument (torture test
 * pr68381: a false UNINITIALIZED-READ before), and va_start into a va_list
 * that is a struct's member, also reached through a pointer (the shape of
 * torture va-arg-13, from Mozilla's scanf, which reported it; this copy
 * did not). */
#include <stdarg.h>
#include <stdio.h>

struct scan_state {
	void *stream;
	va_list ap;
	int count;
};

static int product(int a, int b)
{
	int r;
	if (__builtin_mul_overflow(a, b, &r))
		return -1;
	return r;
}

int first_int(va_list ap);
int first_int(va_list ap)
{
	return va_arg(ap, int);
}

int firsts(int n, ...);
int firsts(int n, ...)
{
	struct scan_state state, *s;
	int total;

	s = &state;
	va_start(s->ap, n);
	total = first_int(s->ap);
	va_end(s->ap);

	va_start(state.ap, n);
	total += first_int(state.ap);
	va_end(state.ap);
	return total;
}

int main(void)
{
	printf("%d %d %d\n", product(6, 7), product(1 << 20, 1 << 20), firsts(3, 4, 5, 6));
	return 0;
}

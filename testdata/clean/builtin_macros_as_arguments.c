/* gcc builtins the front end (cc/v4) parses as macros of its own must reach
 * gcc as written, wherever they stand.
 * From mir's c-tests (new/issue23.c): HUGE_VALL is glibc's
 * __builtin_huge_vall(), a long double infinity, which the front end reads
 * as __builtin_huge_val(), a double: printf's %Lf read the wrong bytes (it
 * printed 0.000000). And a call's argument that nothing can change (sizeof,
 * a constant) was written back from the front end's tokens, so the
 * expansions reached gcc: __builtin_types_compatible_p's is no C gcc
 * takes ("empty scalar initializer"). */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

struct pair {
	int a, b;
};

int main(void)
{
	char buf[100];
	long double big = HUGE_VALL;
	int n = sprintf(buf, "%Lf", HUGE_VALL);
	n += sprintf(buf + n, ";%Lf;%zu", big, sizeof(__builtin_huge_vall()));
	printf("%s %d\n", buf, n);
	printf("%d %d %zu\n", __builtin_types_compatible_p(int, long), __builtin_types_compatible_p(int, signed),
	       offsetof(struct pair, b));
	return strcmp(buf, "inf;inf;16") != 0;
}

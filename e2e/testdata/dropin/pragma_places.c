/* Pragmas where grep 3.8 puts them: a diagnostic _Pragma inside a
 * statement expression before its value (grep's CAST_ALIGNED and
 * IGNORE_DUPLICATE_BRANCH_WARNING), whose value must stay the statement
 * expression's, and a file-scope #pragma right before a C99 inline
 * function (config.h's `#pragma GCC diagnostic ignored "-Wpedantic"` before
 * c-ctype.h's c_isalnum), whose definition memlens gives a weak symbol. */
#pragma GCC diagnostic ignored "-Wpedantic"
inline int bump(int c) { return c + 1; }
extern inline int bump(int c);

#define CAST_ALIGNED(type, val) \
	({ _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wcast-align\"") \
	   (type)(val); _Pragma("GCC diagnostic pop") })
#define SAME_BRANCHES(exp) \
	({ _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wduplicated-branches\"") \
	   exp; _Pragma("GCC diagnostic pop") })

#include <stdio.h>

static int called;
static int twice(int x) { called++; return 2 * x; }

int main(int argc, char **argv)
{
	(void)argv;
	char bytes[16] = {1, 0, 0, 0, 2};
	int *word = CAST_ALIGNED(int *, bytes);
	int flag = SAME_BRANCHES(argc > 0 ? 1 : 1);
	int v = SAME_BRANCHES(twice(argc));
	printf("%d %d %d %d %d\n", *word, flag, v, called, bump(argc));
	return 0;
}

/* Feature tests and predefined macros must answer as gcc's do, and a GNU
 * line marker (as bison and re2c write) must move __FILE__ and __LINE__. */
#include <stdio.h>
#include "features.h"

#if defined(__has_builtin) && __has_builtin(__builtin_expect)
#define HAS_EXPECT 1
#else
#define HAS_EXPECT 0
#endif
#if defined(__has_attribute) && __has_attribute(cold)
#define HAS_COLD 1
#else
#define HAS_COLD 0
#endif
#if defined(__has_c_attribute) && __has_c_attribute(fallthrough)
#define HAS_FALLTHROUGH 1
#else
#define HAS_FALLTHROUGH 0
#endif

int main(void)
{
	int same = __builtin_types_compatible_p(int, signed int);
	int other = __builtin_types_compatible_p(int, long);
	printf("%d %d %d %d %d\n", HAS_EXPECT, HAS_COLD, HAS_FALLTHROUGH, same, other);
	printf("%s %s %d %d\n", __BASE_FILE__, __FILE_NAME__, __INCLUDE_LEVEL__, header_level());
	printf("%d\n", (int)sizeof(__TIMESTAMP__));
# 500 "grammar.y"
	printf("%s:%d\n", __FILE__, __LINE__);
	return 0;
}

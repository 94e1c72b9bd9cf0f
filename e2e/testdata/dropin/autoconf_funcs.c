/* What autoconf's AC_CHECK_FUNCS compiles to see that a libc function
 * links: the function declared with a type of its own (no arguments,
 * returning char), called with no arguments. gcc calls the symbol as
 * declared; memlens must not take the call for one of the libc function
 * it checks (it failed to compile: "too few arguments to __ml_memmove",
 * so configure decided pcre2 had no memmove). The probes are not run. */
#define memmove innocuous_memmove
#define strdup innocuous_strdup
#include <limits.h>
#include <stdio.h>
#undef memmove
#undef strdup

char memmove ();	/* autoconf 2.71 */
char strdup (void);	/* autoconf 2.72 */

int main (int argc, char **argv)
{
	(void)argv;
	if (argc > 99)
		return memmove () + strdup ();
	puts ("linked");
	return 0;
}

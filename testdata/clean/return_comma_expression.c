/* From mir's c-tests (lacc/bitfield-types-init.c): return statements whose
 * expression is a comma expression, `return printf(...), + printf(...);`.
 * memlens holds the value in a temporary declared with it as initializer,
 * where the commas separated declarators: gcc refused the instrumented unit
 * ("'__auto_type' may only be used with a single declarator"). */
#include <stdio.h>
struct pair { int a; char *s; };
static char buf[8] = "xyz";
static int n;
static int count(void) { return printf("a\n"), + printf("b\n"), n++, + printf("c\n"); }
static char *ptr(void) { return n++, printf("p\n"), buf + 1; }
static struct pair pr(void) { struct pair p = {n, buf}; return n++, p; }
static struct pair pr2(void) { return n++, pr(); }
static void nothing(void) { return (void)n++, (void)printf("v\n"); }
int main(void)
{
	int c = count();
	char *p = ptr();
	struct pair a = pr(), b = pr2();
	nothing();
	printf("%d %s %d %s %d %s %d\n", c, p, a.a, a.s, b.a, b.s, n);
	return 0;
}

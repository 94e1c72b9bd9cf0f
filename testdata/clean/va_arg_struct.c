/* From mir's c-tests (new/issue142.c): structs taken by value from a
 * variadic argument list. va_arg(ap, struct T) is no lvalue: memlens took
 * its address to copy the struct's shadow and definedness, and the
 * instrumented unit called the front end's __ml_va_arg marker, which links
 * nowhere ("undefined reference to `__ml_va_arg'"). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
struct car { char a, b, c; long d; };
struct named { const char *name; int *vals; };
static int foo(int n, ...)
{
	struct car c1, c2;
	struct named nm;
	va_list args;
	va_start(args, n);
	c1 = va_arg(args, struct car);
	int n1 = c1.a + c1.b + c1.c;
	c2 = va_arg(args, struct car);
	int n2 = c2.a + c2.b + c2.c + (int)va_arg(args, struct car).d;
	nm = va_arg(args, struct named);
	struct named nm2 = va_arg(args, struct named);
	va_end(args);
	return n1 + n2 + nm.vals[1] + nm2.vals[2] + (int)nm.name[0];
}
int main(void)
{
	struct car c1 = {1, 2, 3}, c2 = {4, 5, 6, 7}, c3 = {0, 0, 0, 100};
	int *v = malloc(3 * sizeof *v);
	v[0] = 1, v[1] = 10, v[2] = 1000;
	struct named nm = {"A", v};
	printf("%d\n", foo(1, c2, c1, c3, nm, nm));
	free(v);
	return 0;
}

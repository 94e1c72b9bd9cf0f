/* A variadic argument is used where it is passed: va_arg takes the value
 * without the definedness a named parameter receives from its caller. */
#include <stdarg.h>
#include <stdio.h>

static int sum(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	int s = 0;
	for (int i = 0; i < n; i++)
		s += va_arg(ap, int);
	va_end(ap);
	return s;
}

int main(void)
{
	int x;
	int s = sum(2, 1, x); // want full:UNINITIALIZED-READ
	printf("%d\n", s > 5);
	return 0;
}

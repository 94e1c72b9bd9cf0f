/* A pointer inside a struct taken from a variadic argument list keeps its
 * block: reading past it is found (see clean/va_arg_struct.c). */
#include <stdarg.h>
#include <stdlib.h>

struct named {
	const char *name;
	int *vals;
};

static int sum(int n, ...)
{
	va_list args;
	va_start(args, n);
	struct named nm = va_arg(args, struct named);
	va_end(args);
	int s = 0;
	for (int i = 0; i <= n; i++)
		s += nm.vals[i]; // want HEAP-BUFFER-OVERFLOW
	return s;
}

int main(void)
{
	int *v = calloc(3, sizeof *v);
	struct named nm = {"A", v};
	int s = sum(3, nm);
	free(v);
	return s;
}

/* An allocator that puts a size word before each block (as SQLite's
 * does) hands out a pointer 8 bytes into it. Taken back with va_arg, the
 * pointer has no meta memlens followed; found by its address, it is still
 * the block's, and the write past its end is caught. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *sized_alloc(long n)
{
	long *p = malloc((size_t)n + sizeof *p);
	if (p == NULL)
		exit(1);
	p[0] = n;
	return (char *)(p + 1);
}

static void sized_free(char *z)
{
	free((long *)z - 1);
}

/* the which-th variadic string */
static char *nth(int which, ...)
{
	va_list ap;
	char *z = NULL;
	va_start(ap, which);
	while (which-- >= 0)
		z = va_arg(ap, char *);
	va_end(ap);
	return z;
}

int main(void)
{
	char *name = sized_alloc(16);
	char *t = nth(0, name);
	memset(t, 'x', 16);
	t[16] = 0; // want HEAP-BUFFER-OVERFLOW
	printf("%.16s\n", name);
	sized_free(name);
	return 0;
}

/* Functions defined `extern inline` with gnu_inline semantics and always
 * inlined (gcc's torture test va-arg-pack-1): gcc never compiles such a
 * definition on its own, so no symbol of it exists to take the address
 * of, which memlens's calling protocol did (undefined reference). Their
 * bodies are left as written, as a system header's are, and called as
 * an uninstrumented function is. */
#include <stdarg.h>
#include <stdio.h>

int sum(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	int s = 0;
	for (int i = 0; i < n; i++)
		s += *va_arg(ap, int *);
	va_end(ap);
	return s;
}

extern inline __attribute__((always_inline, gnu_inline)) int total(int n, ...)
{
	return sum(n, __builtin_va_arg_pack());
}

extern inline __attribute__((always_inline, gnu_inline)) int get(const int *p)
{
	return *p;
}

extern inline __attribute__((always_inline, gnu_inline)) int *pick(int *a, int *b)
{
	return *a > *b ? a : b;
}

int main(void)
{
	int a = 3, b = 4;
	int *m = pick(&a, &b);
	printf("%d %d %d\n", total(2, &a, &b), get(&a), *m);
	return 0;
}

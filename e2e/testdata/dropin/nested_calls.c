/* GNU nested functions called by their names (gcc's torture pr22061-4):
 * a nested function is left uninstrumented, so its calls are plain ones,
 * passing no metas; handing them over took its address, a trampoline on
 * the stack, which the native build does not make. One is declared ahead
 * with auto, one takes a variably modified parameter whose bound has a
 * side effect, and one shares its name with a file-scope function. */
#include <stdio.h>

static int twice(int *p)
{
	return 2 * *p;
}

static int apply(int n)
{
	int total = 0;
	void add(int *p, int k)
	{
		total += *p * k;
	}
	int twice(int v)
	{
		return 3 * v;
	}
	int a[3] = {n, n + 1, n + 2};
	for (int i = 0; i < 3; i++)
		add(&a[i], twice(i));
	return total;
}

static void bar(int N)
{
	void foo(int a[2][N++])
	{
		(void)a;
	}
	int a[2][N];
	foo(a);
	int b[2][N];
	foo(b);
	printf("%zu %zu %d\n", sizeof a, sizeof b, N);
}

int main(void)
{
	int base = 10;
	auto int later(int *);
	int v = 4;
	int w = later(&v);
	int later(int *p)
	{
		return *p + base;
	}
	bar(1);
	printf("%d %d %d\n", apply(4), w, twice(&v));
	return 0;
}

/* A GNU nested function whose address is taken: gcc builds a trampoline on
 * the stack, and the linker warns that the object needs an executable
 * stack, naming the object as gcc's build names it (a temporary one). */
#include <stdio.h>

static void each(int *a, int n, void (*f)(int *))
{
	for (int i = 0; i < n; i++)
		f(&a[i]);
}

int main(int argc, char **argv)
{
	(void)argv;
	int sum = 0;
	void add(int *p)
	{
		sum += *p * argc;
	}
	int a[] = {1, 2, 3};
	each(a, 3, add);
	printf("%d\n", sum);
	return 0;
}

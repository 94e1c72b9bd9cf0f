/* A GNU nested function reading its parent's locals: left uninstrumented,
 * it must still compile and behave as natively. */
#include <stdio.h>
#include <stdlib.h>

static int apply(int (*f)(int), int x)
{
	return f(x);
}

int main(void)
{
	int *scale = malloc(sizeof *scale);
	if (scale == NULL)
		return 1;
	*scale = 3;
	int times(int x)
	{
		return x * *scale;
	}
	printf("%d %d\n", apply(times, 4), times(5));
	free(scale);
	return 0;
}

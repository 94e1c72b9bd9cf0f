/* Functions that call nothing keep their locals below the stack pointer
 * (the red zone) unoptimised, their checks' calls made in asm statements:
 * a read one past a local array through a pointer, and a global table
 * indexed one past its end, are reported at their lines as elsewhere. */
#include <stdio.h>

static int weights[4] = {3, 5, 7, 11};

static int sum_through(int n)
{
	int buf[8];
	int *p = buf;
	int total = 0;
	for (int i = 0; i < 8; i++)
		buf[i] = i * i;
	for (int i = 0; i <= n; i++)
		total += p[i]; // want STACK-BUFFER-OVERFLOW
	return total;
}

static int weight(int i)
{
	return weights[i]; // want GLOBAL-BUFFER-OVERFLOW
}

int main(void)
{
	printf("%d\n", sum_through(8) > 0);
	printf("%d\n", weight(3) + weight(4) > 0);
	return 0;
}

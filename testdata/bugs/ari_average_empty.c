/* The average of the values read is their sum over their count; with no
 * values at all the count is zero and the integer division traps. */
#include <stdio.h>

static int read_values(int *v, int max)
{
	int n = 0, x;
	while (n < max && scanf("%d", &x) == 1)
		v[n++] = x;
	return n;
}

int main(void)
{
	int v[16], sum = 0;
	int n = read_values(v, 16);
	for (int i = 0; i < n; i++)
		sum += v[i];
	printf("%d values\n", n);
	printf("average %d\n",
	       sum / n); // want ARITHMETIC-ERROR
	return 0;
}

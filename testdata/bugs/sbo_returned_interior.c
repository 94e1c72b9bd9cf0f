/* A pointer into the caller's buffer comes back from a function that
 * calls another, and is used one element past the buffer's end: the
 * returned value's meta reaches the caller (unoptimised, through the
 * return's one helper call). */
#include <stdio.h>

static int middle(int n) { return n / 2; }

static int *half_way(int *row, int n)
{
	int half = middle(n);
	return row + half;
}

int main(void)
{
	int row[8] = {0, 1, 2, 3, 4, 5, 6, 7};
	int *half = half_way(row, 8);
	int sum = 0;
	for (int i = 0; i <= 4; i++)
		sum += half[i]; // want STACK-BUFFER-OVERFLOW
	printf("%d\n", sum);
	return 0;
}

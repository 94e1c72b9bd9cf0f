/* A pointer into a returned frame is used after another call has reused
 * the same stack memory: the bytes are valid-looking, the pointer is not. */
#include <stdio.h>

static int *remember;

static void first(void)
{
	int slot = 11;
	remember = &slot;
}

static int second(int v)
{
	int other = v * 2;
	int *p = &other;
	return *p + 1;
}

int main(void)
{
	first();
	int r = second(20);
	printf("%d %d\n", r, *remember); // want USE-AFTER-RETURN
	return 0;
}

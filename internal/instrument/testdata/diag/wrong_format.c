#include <stdio.h>

int main(void)
{
	long x = 3;
	printf("%d\n", x);
	return 0;
}

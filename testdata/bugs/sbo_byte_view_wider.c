/* A read through a cast of a local's address wider than the local is not
 * a byte view of it (instrument's byteView): the local stays an object
 * and the read past its end is reported. */
#include <stdio.h>

int main(void)
{
	int small = 7;
	long wide = *(volatile long *)&small; // want STACK-BUFFER-OVERFLOW
	printf("%ld\n", wide & 0xff);
	return 0;
}

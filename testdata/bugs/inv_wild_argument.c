/* A status register's address is kept as an integer; on this machine the
 * device is absent and the address maps nothing. The read is inside a
 * call's argument, on a line of its own. */
#include <stdint.h>
#include <stdio.h>

static const uintptr_t status_reg = 0xfe000010;

int main(void)
{
	volatile const unsigned *status = (volatile const unsigned *)status_reg;
	printf("device status: %u\n",
	       *status); // want INVALID-DEREF
	return 0;
}

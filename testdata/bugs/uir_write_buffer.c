/* write(2) of a buffer only partly filled: libc reads undefined bytes. */
#include <string.h>
#include <unistd.h>

int main(void)
{
	char buf[8];
	memcpy(buf, "ab\n", 3);
	(void)!write(1, buf, 3);
	(void)!write(1, buf, 8); // want UNINITIALIZED-READ
	(void)!write(1, "\n", 1);
	return 0;
}

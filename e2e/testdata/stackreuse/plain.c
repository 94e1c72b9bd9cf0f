/* Built by gcc, without memlens: its stack writes are not seen. */
#include <string.h>

int count_x(const char *p, int n);

int plain_fill_and_count(void)
{
	char buf[1000];
	memset(buf, 'x', sizeof buf);
	__asm__ volatile("" : : "r"(buf) : "memory");
	return count_x(buf, sizeof buf);
}

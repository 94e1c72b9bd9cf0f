// memlens:options leak_check=exit
/* asprintf allocates the message and hands it back through its first
 * argument; the logger prints it and forgets to free it. The block was
 * allocated by libc, but it is the program's from the moment libc stored
 * it in the out-parameter. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

static void log_value(const char *name, int v)
{
	char *msg;
	if (asprintf(&msg, "%s=%d", name, v) < 0) // want MEMORY-LEAK
		return;
	puts(msg);
}

int main(void)
{
	log_value("x", 1);
	log_value("y", 2);
	return 0;
}

/* memlens:stdin hbo_read.in
 *
 * read(2) into a 32-byte block with the size of a 256-byte chunk. The input
 * is 38 bytes long. Checked at the call. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define CHUNK 256

int main(void)
{
	char *buf = malloc(32);
	if (buf == NULL)
		return 1;
	ssize_t n = read(STDIN_FILENO, buf, CHUNK); // want HEAP-BUFFER-OVERFLOW
	printf("read %zd bytes\n", n);
	if (n > 0)
		printf("first byte '%c'\n", buf[0]);
	free(buf);
	return 0;
}

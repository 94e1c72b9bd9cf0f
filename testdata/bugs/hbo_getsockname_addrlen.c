/* getsockname is told the address buffer has room for a sockaddr_un, but
 * it is a 16-byte sockaddr: the socket's abstract name is longer, and the
 * kernel writes past the block. */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int main(void)
{
	struct sockaddr_un name = {.sun_family = AF_UNIX};
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);
	/* an abstract name (leading NUL): no file to clean up */
	int n = snprintf(name.sun_path + 1, sizeof name.sun_path - 1, "memlens-addrlen-%d", (int)getpid());
	socklen_t len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + n);
	if (fd < 0 || bind(fd, (struct sockaddr *)&name, len))
		return 1;
	struct sockaddr *sa = malloc(sizeof *sa);
	len = sizeof(struct sockaddr_un);
	if (getsockname(fd, sa, &len)) // want HEAP-BUFFER-OVERFLOW
		return 1;
	printf("%d bytes\n", (int)len);
	free(sa);
	close(fd);
	return 0;
}

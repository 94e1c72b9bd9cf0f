/* getsockname writes the address only up to the *addrlen it returns: an
 * unnamed Unix socket's is its family alone, so its path is never written. */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/socket.h>
#include <sys/un.h>

int main(void)
{
	int pair[2];
	struct sockaddr_un sun;
	socklen_t len = sizeof sun;
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) || getsockname(pair[0], (struct sockaddr *)&sun, &len))
		return 1;
	printf("family %d, %d bytes\n", sun.sun_family, (int)len);
	if (sun.sun_path[0] == '/') // want UNINITIALIZED-READ
		printf("named\n");
	return 0;
}

/* getsockname, getpeername, accept and getsockopt write an address or an
 * option the kernel sizes through *len: under _GNU_SOURCE glibc declares
 * the address parameters as a transparent union (__SOCKADDR_ARG), not as
 * the pointer the program passes, and libuv's uv_guess_handle read the
 * family getsockname wrote as never written. */
#define _GNU_SOURCE
#include <netinet/in.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static const char *family(const struct sockaddr_storage *ss)
{
	return ss->ss_family == AF_UNIX ? "unix" : ss->ss_family == AF_INET ? "inet" : "other";
}

int main(void)
{
	struct sockaddr_storage ss;
	struct sockaddr_in sin, peer;
	socklen_t len;
	int type, pair[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair))
		return 1;
	len = sizeof ss;
	if (getsockname(pair[0], (struct sockaddr *)&ss, &len))
		return 1;
	printf("getsockname: %s, %d bytes\n", family(&ss), (int)len);
	len = sizeof ss;
	if (getpeername(pair[1], (struct sockaddr *)&ss, &len))
		return 1;
	printf("getpeername: %s\n", family(&ss));
	len = sizeof type;
	if (getsockopt(pair[0], SOL_SOCKET, SO_TYPE, &type, &len))
		return 1;
	printf("getsockopt: %s\n", type == SOCK_STREAM ? "stream" : "other");

	int lsn = socket(AF_INET, SOCK_STREAM, 0), conn = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in any = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	if (lsn < 0 || conn < 0 || bind(lsn, (struct sockaddr *)&any, sizeof any) || listen(lsn, 1))
		return 1;
	/* (room for any address, a sockaddr_in given: the kernel writes its 16 bytes, no more) */
	len = sizeof(struct sockaddr_storage);
	if (getsockname(lsn, (struct sockaddr *)&sin, &len) || connect(conn, (struct sockaddr *)&sin, len))
		return 1;
	len = sizeof peer;
	int acc = accept4(lsn, (struct sockaddr *)&peer, &len, SOCK_CLOEXEC);
	if (acc < 0)
		return 1;
	printf("accept4: %s, loopback %d\n", peer.sin_family == AF_INET ? "inet" : "other",
	       peer.sin_addr.s_addr == htonl(INADDR_LOOPBACK));
	close(acc);
	close(conn);
	close(lsn);
	close(pair[0]);
	close(pair[1]);
	return 0;
}

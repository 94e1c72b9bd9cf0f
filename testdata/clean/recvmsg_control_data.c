/* recvmsg writes through the pointers inside the msghdr it is given: the
 * control buffer (an SCM_RIGHTS message passing a descriptor, up to
 * msg_controllen), the address (up to msg_namelen) and the iovecs' buffers
 * (the bytes it returns), as readv does; libuv's IPC read the
 * cmsg_type its uv__read's control buffer got as never written. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

int main(void)
{
	int pair[2], pipefd[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) || pipe(pipefd))
		return 1;

	/* send the pipe's write end with two bytes of data */
	char out[CMSG_SPACE(sizeof(int))];
	memset(out, 0, sizeof out);
	struct iovec oiov = {"hi", 2};
	struct msghdr omsg = {0};
	omsg.msg_iov = &oiov;
	omsg.msg_iovlen = 1;
	omsg.msg_control = out;
	omsg.msg_controllen = sizeof out;
	struct cmsghdr *oc = CMSG_FIRSTHDR(&omsg);
	oc->cmsg_level = SOL_SOCKET;
	oc->cmsg_type = SCM_RIGHTS;
	oc->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(oc), &pipefd[1], sizeof(int));
	if (sendmsg(pair[0], &omsg, 0) != 2)
		return 1;

	char control[CMSG_SPACE(4 * sizeof(int))];
	char *data = malloc(16);
	struct sockaddr_storage from;
	struct iovec iov[2] = {{data, 1}, {data + 1, 15}};
	struct msghdr msg;
	msg.msg_name = &from;
	msg.msg_namelen = sizeof from;
	msg.msg_iov = iov;
	msg.msg_iovlen = 2;
	msg.msg_control = control;
	msg.msg_controllen = sizeof control;
	msg.msg_flags = 0;
	long n = recvmsg(pair[1], &msg, 0);
	if (n != 2)
		return 1;
	printf("data %c%c, namelen %d", data[0], data[1], (int)msg.msg_namelen);
	if (msg.msg_namelen)
		printf(", family %d", from.ss_family);
	for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
		if (c->cmsg_type != SCM_RIGHTS)
			continue;
		int fd;
		memcpy(&fd, CMSG_DATA(c), sizeof fd);
		printf(", a descriptor: %s\n", fd > 2 && fd != pipefd[1] ? "new" : "old");
		if (write(fd, "ok", 2) != 2)
			return 1;
		close(fd);
	}

	/* readv into two buffers never written */
	char a[1], b[8];
	struct iovec riov[2] = {{a, sizeof a}, {b, sizeof b}};
	close(pipefd[1]);
	if (readv(pipefd[0], riov, 2) != 2)
		return 1;
	printf("readv %c%c\n", a[0], b[0]);
	free(data);
	close(pipefd[0]);
	close(pair[0]);
	close(pair[1]);
	return 0;
}

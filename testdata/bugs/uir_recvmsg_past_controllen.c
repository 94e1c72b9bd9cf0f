/* recvmsg writes the control buffer only up to the msg_controllen it
 * returns: a byte past it is still the never-written local's. */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main(void)
{
	int pair[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair))
		return 1;
	char out[CMSG_SPACE(sizeof(int))];
	memset(out, 0, sizeof out);
	struct iovec oiov = {"x", 1};
	struct msghdr omsg = {0};
	omsg.msg_iov = &oiov;
	omsg.msg_iovlen = 1;
	omsg.msg_control = out;
	omsg.msg_controllen = sizeof out;
	struct cmsghdr *oc = CMSG_FIRSTHDR(&omsg);
	oc->cmsg_level = SOL_SOCKET;
	oc->cmsg_type = SCM_RIGHTS;
	oc->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(oc), &pair[0], sizeof(int));
	if (sendmsg(pair[0], &omsg, 0) != 1)
		return 1;

	char control[64], data;
	struct iovec iov = {&data, 1};
	struct msghdr msg = {0};
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = control;
	msg.msg_controllen = sizeof control;
	if (recvmsg(pair[1], &msg, 0) != 1 || msg.msg_controllen >= sizeof control)
		return 1;
	printf("%c, control %d bytes\n", data, (int)msg.msg_controllen);
	if (control[msg.msg_controllen]) // want UNINITIALIZED-READ
		printf("set\n");
	return 0;
}

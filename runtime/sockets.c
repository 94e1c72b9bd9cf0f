/* sockets.c: checked replacements for the socket and vector input calls,
 * whose writes the one-level rule for unchecked libc calls (what a
 * non-const pointer argument points into is defined whole) gets wrong:
 * recvmsg and readv write through pointers inside the structs they are
 * given (msg_name, msg_control, each iov_base), and the address and option
 * calls write only the *len bytes the kernel had to say. As Valgrind's
 * syscall wrappers do (PRE_MEM_WRITE, POST_MEM_WRITE), each checks the
 * memory it is given against its metas (an address or option buffer after
 * the call, for the bytes written), calls libc, then defines exactly the
 * bytes the kernel wrote: a byte past *addrlen or msg_controllen stays as
 * undefined as it was.
 */
#include "internal.h"

#include <sys/socket.h>
#include <sys/uio.h>

/* The room of a buffer sized by *len (an address, an option): *len on
 * entry, which libc reads and writes, so it must be defined. 0 when there
 * is no buffer. */
static socklen_t ml_sized_room(const void *buf, socklen_t *len, meta_t mlen, const char *fn)
{
	if (!buf || !len)
		return 0;
	ml_check(len, mlen, sizeof *len, 1, fn);
	ml_use_range(len, mlen, sizeof *len, fn);
	return *len;
}

/* The kernel set *len to the whole length of what it had and wrote as much
 * of it as there was room for: those bytes are checked as written (after
 * the call: a room larger than the buffer is no overflow while what the
 * kernel has fits, sockaddr_storage's size for a sockaddr_in) and defined. */
static void ml_wrote_sized(void *buf, meta_t mbuf, const socklen_t *len, socklen_t room, const char *fn)
{
	if (!buf || !len)
		return;
	socklen_t n = *len < room ? *len : room;
	ml_check(buf, mbuf, n, 1, fn);
	ml_def_clear(len, sizeof *len);
	ml_def_clear(buf, n);
}

/* n bytes read into the buffers of iov[0..cnt), in order. */
static void ml_wrote_iov(const struct iovec *iov, size_t cnt, size_t n)
{
	for (size_t i = 0; i < cnt && n; i++) {
		size_t k = iov[i].iov_len < n ? iov[i].iov_len : n;
		ml_def_clear(iov[i].iov_base, k);
		n -= k;
	}
}

int __ml_getsockname(int fd, void *addr, void *len)
{
	ML_OWN(__ml_getsockname);
	meta_t maddr = ML_ARGM(1, addr); /* (before the call: a signal handler may make calls) */
	socklen_t room = ml_sized_room(addr, len, ML_ARGM(2, len), "getsockname");
	int r = getsockname(fd, addr, len);
	if (r == 0)
		ml_wrote_sized(addr, maddr, len, room, "getsockname");
	return r;
}

int __ml_getpeername(int fd, void *addr, void *len)
{
	ML_OWN(__ml_getpeername);
	meta_t maddr = ML_ARGM(1, addr);
	socklen_t room = ml_sized_room(addr, len, ML_ARGM(2, len), "getpeername");
	int r = getpeername(fd, addr, len);
	if (r == 0)
		ml_wrote_sized(addr, maddr, len, room, "getpeername");
	return r;
}

int __ml_accept(int fd, void *addr, void *len)
{
	ML_OWN(__ml_accept);
	meta_t maddr = ML_ARGM(1, addr);
	socklen_t room = ml_sized_room(addr, len, ML_ARGM(2, len), "accept");
	int r = accept(fd, addr, len);
	if (r >= 0)
		ml_wrote_sized(addr, maddr, len, room, "accept");
	return r;
}

int __ml_accept4(int fd, void *addr, void *len, int flags)
{
	ML_OWN(__ml_accept4);
	meta_t maddr = ML_ARGM(1, addr);
	socklen_t room = ml_sized_room(addr, len, ML_ARGM(2, len), "accept4");
	int r = accept4(fd, addr, len, flags);
	if (r >= 0)
		ml_wrote_sized(addr, maddr, len, room, "accept4");
	return r;
}

long __ml_recvfrom(int fd, void *buf, size_t n, int flags, void *addr, void *len)
{
	ML_OWN(__ml_recvfrom);
	meta_t maddr = ML_ARGM(4, addr);
	ml_check(buf, ML_ARGM(1, buf), n, 1, "recvfrom");
	socklen_t room = ml_sized_room(addr, len, ML_ARGM(5, len), "recvfrom");
	long r = recvfrom(fd, buf, n, flags, addr, len);
	if (r >= 0) {
		/* (a datagram cut short under MSG_TRUNC: its whole length) */
		ml_def_clear(buf, (size_t)r < n ? (size_t)r : n);
		ml_wrote_sized(addr, maddr, len, room, "recvfrom");
	}
	return r;
}

int __ml_getsockopt(int fd, int level, int name, void *val, void *len)
{
	ML_OWN(__ml_getsockopt);
	meta_t mval = ML_ARGM(3, val);
	socklen_t room = ml_sized_room(val, len, ML_ARGM(4, len), "getsockopt");
	int r = getsockopt(fd, level, name, val, len);
	if (r == 0)
		ml_wrote_sized(val, mval, len, room, "getsockopt");
	return r;
}

long __ml_recvmsg(int fd, void *msg, int flags)
{
	ML_OWN(__ml_recvmsg);
	struct msghdr *m = msg;
	ml_check(m, ML_ARGM(1, msg), sizeof *m, 1, "recvmsg");
	socklen_t name_room = m->msg_name ? m->msg_namelen : 0;
	size_t control_room = m->msg_control ? m->msg_controllen : 0;
	long r = recvmsg(fd, m, flags);
	if (r < 0 || !ml_def_kept())
		return r;
	ml_def_clear(&m->msg_namelen, sizeof m->msg_namelen);
	ml_def_clear(&m->msg_controllen, sizeof m->msg_controllen);
	ml_def_clear(&m->msg_flags, sizeof m->msg_flags);
	if (m->msg_name)
		ml_def_clear(m->msg_name, m->msg_namelen < name_room ? m->msg_namelen : name_room);
	if (m->msg_control)
		ml_def_clear(m->msg_control, m->msg_controllen < control_room ? m->msg_controllen : control_room);
	ml_wrote_iov(m->msg_iov, m->msg_iovlen, (size_t)r);
	return r;
}

long __ml_readv(int fd, const void *iov, int cnt)
{
	ML_OWN(__ml_readv);
	if (cnt > 0)
		ml_check(iov, ML_ARGM(1, iov), (size_t)cnt * sizeof(struct iovec), 0, "readv");
	long r = readv(fd, iov, cnt);
	if (r > 0 && ml_def_kept())
		ml_wrote_iov(iov, (size_t)cnt, (size_t)r);
	return r;
}

long __ml_preadv(int fd, const void *iov, int cnt, long off)
{
	ML_OWN(__ml_preadv);
	if (cnt > 0)
		ml_check(iov, ML_ARGM(1, iov), (size_t)cnt * sizeof(struct iovec), 0, "preadv");
	long r = preadv(fd, iov, cnt, off);
	if (r > 0 && ml_def_kept())
		ml_wrote_iov(iov, (size_t)cnt, (size_t)r);
	return r;
}

/* A file descriptor travels as an opaque handle: an int is written into a
 * union whose other member is a pointer, the pointer member is handed on,
 * and the callee reads the int back out of a union of its own (libtiff's
 * tif_unix.c does so with its client data). The pointer's upper bytes were
 * never written, but only the int's bytes are ever used. */
#include <stdio.h>
#include <unistd.h>

typedef union {
	int fd;
	void *handle;
} fd_as_handle;

struct stream {
	void *client;
	int (*put)(void *client, const char *s, size_t n);
};

static int put_fd(void *client, const char *s, size_t n)
{
	fd_as_handle u;
	u.handle = client;
	return write(u.fd, s, n) == (ssize_t)n ? 0 : -1;
}

static void open_stream(struct stream *st, int fd)
{
	fd_as_handle u;
	u.fd = fd;
	st->client = u.handle;
	st->put = put_fd;
}

int main(void)
{
	struct stream st;
	open_stream(&st, 1);
	fflush(stdout);
	if (st.put(st.client, "through the handle\n", 19) != 0)
		return 1;
	return 0;
}

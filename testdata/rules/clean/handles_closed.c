/* memlens:rules handles.rules
 *
 * Handles are opened, used and closed, then freed, on the error path of
 * send_all too. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define OPEN 0x4f50454eu
#define CLOSED 0x434c4f53u

struct handle {
	uint64_t state;
	int fd;
	int sent;
};

static struct handle *open_handle(int fd)
{
	struct handle *h = malloc(sizeof *h);
	h->state = OPEN;
	h->fd = fd;
	h->sent = 0;
	return h;
}

static void close_handle(struct handle *h)
{
	printf("close fd %d after %d bytes\n", h->fd, h->sent);
	h->state = CLOSED;
}

static int send_all(struct handle *h, int bytes)
{
	if (bytes < 0) {
		close_handle(h);
		free(h);
		return -1;
	}
	h->sent += bytes;
	close_handle(h);
	free(h);
	return 0;
}

int main(void)
{
	int sizes[] = {10, 20, -1};
	int failed = 0;
	for (int i = 0; i < 3; i++)
		failed += send_all(open_handle(3 + i), sizes[i]) != 0;
	printf("%d failed\n", failed);
	return 0;
}

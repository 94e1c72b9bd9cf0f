/* maps.c: reading text files a line at a time with nothing but open and
 * read (async-signal-safe: the crash reports of signals.c use it), and the
 * process's mappings from /proc/self/maps.
 */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

int ml_each_line(const char *path, int (*fn)(const char *line, void *ctx), void *ctx)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	char buf[4096], line[1024];
	size_t ll = 0;
	int done = 0;
	while (!done) {
		ssize_t n = read(fd, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (ll) { /* a last line without '\n' */
				line[ll] = 0;
				fn(line, ctx);
			}
			break;
		}
		for (ssize_t i = 0; i < n && !done; i++) {
			if (buf[i] != '\n') {
				if (ll < sizeof line - 1)
					line[ll++] = buf[i];
				continue;
			}
			line[ll] = 0;
			ll = 0;
			done = fn(line, ctx);
		}
	}
	close(fd);
	return 1;
}

static uptr ml_hexnum(const char **p)
{
	uptr v = 0;
	for (;; (*p)++) {
		char c = **p;
		if (c >= '0' && c <= '9')
			v = v * 16 + (uptr)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + (uptr)(c - 'a' + 10);
		else
			return v;
	}
}

void ml_map_line(const char *l, struct ml_map *m)
{
	m->lo = ml_hexnum(&l);
	if (*l == '-')
		l++;
	m->hi = ml_hexnum(&l);
	while (*l == ' ')
		l++;
	for (int i = 0; i < 4; i++)
		m->perms[i] = *l ? *l++ : '-';
	m->perms[4] = 0;
	for (int f = 0; f < 3; f++) { /* offset, device, inode */
		while (*l == ' ')
			l++;
		while (*l && *l != ' ')
			l++;
	}
	while (*l == ' ')
		l++;
	size_t n = strlen(l);
	if (n >= sizeof m->path)
		n = sizeof m->path - 1;
	memcpy(m->path, l, n);
	m->path[n] = 0;
}

/* The mapping holding a (*at) and the lowest one above a (*next); their
 * flags say whether there are such. 0 if the file cannot be read. */
struct ml_maps_at {
	uptr a;
	struct ml_map *at, *next;
	int *has_at, *has_next;
};

static int ml_maps_line(const char *line, void *ctx)
{
	struct ml_maps_at *q = ctx;
	struct ml_map m;
	ml_map_line(line, &m);
	if (q->a >= m.lo && q->a < m.hi) {
		*q->at = m;
		*q->has_at = 1;
	} else if (m.lo > q->a && !*q->has_next) {
		*q->next = m;
		*q->has_next = 1;
	}
	return 0;
}

int ml_maps(uptr a, struct ml_map *at, int *has_at, struct ml_map *next, int *has_next)
{
	struct ml_maps_at q = {a, at, next, has_at, has_next};
	*has_at = *has_next = 0;
	return ml_each_line("/proc/self/maps", ml_maps_line, &q);
}

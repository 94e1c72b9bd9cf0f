/* graph.c: the memory graph trace (paper 004, MG++), written when the
 * program runs with MEMLENS_OPTIONS=graph=FILE.
 *
 * The trace is what Algorithm 2 needs to build the graph and nothing of
 * the graph itself: the blocks the allocator hands out, frees and
 * reallocations, and every store of a pointer into memory by code built
 * with --memlens-graph, each with the statement. internal/graph reads it
 * (the format is documented there and in docs/GRAPHS.md):
 *
 *   header  "MLGRAPH\n", u32 version, u32 pointer size (little-endian)
 *   records a tag byte, then unsigned LEB128 fields:
 *     'S' key file-length file line         a statement (key: its site)
 *     'T' key container field offset value container-typedef value-typedef
 *                                           a store's lvalue (strings as
 *                                           length + bytes)
 *     'A' addr size site                    allocation  ┐ events: the
 *     'R' old new size site                 realloc     │ timestamp is
 *     'F' addr site                         free        │ the ordinal,
 *     'W' slot value site field             pointer store│ from 1
 *     'G' slot value site field             root store   │ (a named
 *                                           variable's; slot 0: a register)
 *     'D' slot value site field             integer store│ (as long long)
 *     'C' dst src size site                 copy         │ (memcpy, a struct)
 *     'X' base addr site                    derivation   ┘ (base[i] written)
 *     'E' events                            end: the trace is complete
 *
 * A statement or lvalue is defined once, before the first event naming
 * it (keys are the addresses of the static descriptors). Records go
 * through a buffer under a spinlock, which is a runtime section, so a
 * signal handler's stores wait for it; it is written out when full, at
 * exit and before memlens ends the program after a report or a signal.
 * A forked child does not write to its parent's trace (ml_graph_forked).
 */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define ML_GRAPH_VERSION 2u
#define ML_GRAPH_BUF 0x5000u
#define ML_GRAPH_KEYS 4096u /* a power of two */

/* graph.c's part of the state mapping (internal.h) */
struct ml_graph_state {
	int lock;
	const void *owner; /* the thread writing a record (its &__ml_t), under lock */
	int fd;
	unsigned len; /* bytes in buf */
	uptr events;
	unsigned nkeys;
	unsigned char buf[ML_GRAPH_BUF];
	uptr keys[ML_GRAPH_KEYS]; /* descriptors defined already (open addressing) */
};
_Static_assert(ML_ST_GRAPH + sizeof(struct ml_graph_state) <= ML_ST_END, "graph.c's state fits");
#define ml_graph (ML_STATE_AT(struct ml_graph_state, ML_ST_GRAPH))

/* (an ABI variable, in .bss: instrumented code tests it before each call) */
int __ml_graph;

static void ml_graph_write_out(void)
{
	unsigned char *p = ml_graph.buf;
	unsigned n = ml_graph.len;
	ml_graph.len = 0;
	while (n > 0) {
		ssize_t w = write(ml_graph.fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return; /* the reader will find the trace truncated */
		p += w;
		n -= (unsigned)w;
	}
}

/* Room for a record of up to need bytes. */
static void ml_graph_room(unsigned need)
{
	if (ml_graph.len + need > ML_GRAPH_BUF)
		ml_graph_write_out();
}

static void ml_graph_byte(unsigned char b)
{
	ml_graph.buf[ml_graph.len++] = b;
}

static void ml_graph_uint(uptr v)
{
	do {
		unsigned char b = v & 0x7f;
		v >>= 7;
		ml_graph_byte(v ? b | 0x80 : b);
	} while (v);
}

/* A string as length + bytes, cut to keep the record within the buffer. */
static void ml_graph_str(const char *s)
{
	size_t n = s ? strlen(s) : 0;
	if (n > 1024)
		n = 1024;
	ml_graph_uint(n);
	memcpy(ml_graph.buf + ml_graph.len, s, n);
	ml_graph.len += (unsigned)n;
}

/* 1 if descriptor key must be defined in the trace now. A full table
 * defines it again at each use: larger, still right. */
static int ml_graph_new_key(uptr key)
{
	if (ml_graph.nkeys >= ML_GRAPH_KEYS / 4 * 3)
		return 1;
	unsigned i = (unsigned)((key * 0x9e3779b97f4a7c15UL) >> 52) & (ML_GRAPH_KEYS - 1);
	while (ml_graph.keys[i]) {
		if (ml_graph.keys[i] == key)
			return 0;
		i = (i + 1) & (ML_GRAPH_KEYS - 1);
	}
	ml_graph.keys[i] = key;
	ml_graph.nkeys++;
	return 1;
}

static void ml_graph_site(const site_t *s)
{
	if (!s || !ml_graph_new_key((uptr)s))
		return;
	ml_graph_room(2 * 1024 + 64);
	ml_graph_byte('S');
	ml_graph_uint((uptr)s);
	ml_graph_str(s->file);
	ml_graph_uint(s->line);
}

static void ml_graph_field(const struct __ml_graph_field *f)
{
	if (!f || !ml_graph_new_key((uptr)f))
		return;
	ml_graph_room(5 * 1024 + 64);
	ml_graph_byte('T');
	ml_graph_uint((uptr)f);
	ml_graph_str(f->container);
	ml_graph_str(f->field);
	ml_graph_uint(f->offset);
	ml_graph_str(f->value);
	ml_graph_str(f->container_typedef);
	ml_graph_str(f->value_typedef);
}

void ml_graph_open(void)
{
	if (!ml_flags.graph[0])
		return;
	int fd = open(ml_flags.graph, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		ml_printf("memlens: cannot write the graph trace %s: %s\n", ml_flags.graph, strerror(errno));
		return;
	}
	ml_graph.fd = fd;
	__ml_graph = 1;
	static const unsigned char header[16] = {'M', 'L', 'G', 'R', 'A', 'P', 'H', '\n',
	                                         ML_GRAPH_VERSION, 0, 0, 0, sizeof(void *), 0, 0, 0};
	memcpy(ml_graph.buf, header, sizeof header);
	ml_graph.len = sizeof header;
}

/* An event record begins: under the trace's lock, with its site (and its
 * field's description) written first; 0 when the trace was flushed
 * meanwhile (the program is ending), the lock released. */
static int ml_graph_begin(const site_t *site, const struct __ml_graph_field *field, unsigned char tag)
{
	ml_spin_lock(&ml_graph.lock);
	if (!__ml_graph) {
		ml_spin_unlock(&ml_graph.lock);
		return 0;
	}
	__atomic_store_n(&ml_graph.owner, &__ml_t, __ATOMIC_RELAXED);
	ml_graph_site(site);
	ml_graph_field(field);
	ml_graph_room(64);
	ml_graph_byte(tag);
	return 1;
}

/* An event record's lock is released. */
static void ml_graph_unlock(void)
{
	__atomic_store_n(&ml_graph.owner, 0, __ATOMIC_RELAXED);
	ml_spin_unlock(&ml_graph.lock);
}

/* The event record ends with its site. */
static void ml_graph_end(const site_t *site)
{
	ml_graph_uint((uptr)site);
	ml_graph.events++;
	ml_graph_unlock();
}

void ml_graph_alloc(const void *p, size_t n, const site_t *site)
{
	if (ML_LIKELY(!__ml_graph) || !ml_graph_begin(site, 0, 'A'))
		return;
	ml_graph_uint((uptr)p);
	ml_graph_uint(n);
	ml_graph_end(site);
}

void ml_graph_realloc(const void *old, const void *p, size_t n, const site_t *site)
{
	if (ML_LIKELY(!__ml_graph) || !ml_graph_begin(site, 0, 'R'))
		return;
	ml_graph_uint((uptr)old);
	ml_graph_uint((uptr)p);
	ml_graph_uint(n);
	ml_graph_end(site);
}

void ml_graph_free(const void *p, const site_t *site)
{
	if (ML_LIKELY(!__ml_graph) || !ml_graph_begin(site, 0, 'F'))
		return;
	ml_graph_uint((uptr)p);
	ml_graph_end(site);
}

void __ml_graph_event(unsigned tag, __ml_uptr slot, __ml_uptr v, const struct __ml_site *site,
                      const struct __ml_graph_field *field)
{
	if (!ml_graph_begin(site, field, (unsigned char)tag))
		return;
	ml_graph_uint(slot);
	ml_graph_uint(v);
	ml_graph_uint((uptr)site);
	if (field)
		ml_graph_uint((uptr)field);
	ml_graph.events++;
	ml_graph_unlock();
}

void ml_graph_copy(const void *dst, const void *src, size_t n, const site_t *site)
{
	if (ML_LIKELY(!__ml_graph) || dst == src || !ml_graph_begin(site, 0, 'C'))
		return;
	ml_graph_uint((uptr)dst);
	ml_graph_uint((uptr)src);
	ml_graph_uint(n);
	ml_graph_end(site);
}

/* Write the trace out, complete (at exit and before memlens ends the
 * program): the end record says how many events it holds. */
void ml_graph_flush(void)
{
	if (!__ml_graph)
		return;
	/* (not when a fatal signal stopped this very thread inside a record:
	 * then the trace stays truncated; another thread's record is a few
	 * writes, but that thread may wait long for a CPU on a loaded machine
	 * (exit with workers running: 1,000 yields were not always enough),
	 * so it is given seconds, and only then is the trace left truncated) */
	ml_rt_enter();
	struct timespec start, now;
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (unsigned tries = 0; __atomic_exchange_n(&ml_graph.lock, 1, __ATOMIC_ACQUIRE); tries++) {
		if (__atomic_load_n(&ml_graph.owner, __ATOMIC_RELAXED) == &__ml_t)
			goto truncated;
		if (tries % 1024 == 1023) {
			clock_gettime(CLOCK_MONOTONIC, &now);
			if (now.tv_sec - start.tv_sec > 5)
				goto truncated;
		}
		sched_yield();
	}
	if (!__ml_graph) {
		ml_spin_unlock(&ml_graph.lock);
		return;
	}
	ml_graph_room(16);
	ml_graph_byte('E');
	ml_graph_uint(ml_graph.events);
	ml_graph_write_out();
	close(ml_graph.fd);
	__ml_graph = 0;
	ml_spin_unlock(&ml_graph.lock);
	return;
truncated:
	ml_rt_leave();
}

/* In the child of a fork: the trace is the parent's (the lock may have
 * been held by a thread that does not exist here). */
void ml_graph_forked(void)
{
	__ml_graph = 0;
	ml_graph.lock = 0;
	ml_graph.owner = 0;
	ml_graph.len = 0;
}

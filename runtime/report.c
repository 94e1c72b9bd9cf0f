/* report.c: text reports (stderr or log_path) and JSON lines (log_json).
 *
 * Reports are serialised by one lock and formatted into static buffers
 * with the small formatters below: no malloc, no stdio, because the program
 * may be in a bad state (a corrupted heap, a stdio lock held). Each output
 * is one write(2) where possible; a JSON line always is, so concurrent
 * writers (threads, processes sharing the file with O_APPEND) never
 * interleave.
 *
 * With halt_on_error=0 each (kind, site) is reported once: the first
 * occurrence carries all the information a second would repeat. A report
 * triggered while this thread is already reporting (a signal handler
 * running instrumented code) is dropped rather than deadlocking.
 *
 * A fatal signal (signals.c) is reported by ml_report_fault, laid out the
 * same way from the facts signals.c found; it waits for the lock a bounded
 * time (the signal may have stopped its holder) and dedupes nothing (the
 * process dies after it).
 */
#include "rules.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- buffers: formatting without malloc or stdio ---- */

struct ml_buf {
	char *p;
	size_t len, cap;
	int trunc;               /* something did not fit */
};


static void ml_bputn(struct ml_buf *b, const char *s, size_t n)
{
	if (b->len + n > b->cap) {
		n = b->cap - b->len;
		b->trunc = 1;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

static void ml_bput(struct ml_buf *b, const char *s)
{
	ml_bputn(b, s, strlen(s));
}

static void ml_bputc(struct ml_buf *b, char c)
{
	ml_bputn(b, &c, 1);
}

static void ml_bdec(struct ml_buf *b, uint64_t v)
{
	char t[24];
	int i = sizeof t;
	do {
		t[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	ml_bputn(b, t + i, sizeof t - (size_t)i);
}

static void ml_bsdec(struct ml_buf *b, int64_t v)
{
	if (v < 0) {
		ml_bputc(b, '-');
		ml_bdec(b, (uint64_t)0 - (uint64_t)v);
	} else {
		ml_bdec(b, (uint64_t)v);
	}
}

static void ml_bhex(struct ml_buf *b, uint64_t v)
{
	char t[18];
	int i = sizeof t;
	do {
		t[--i] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	t[--i] = 'x';
	t[--i] = '0';
	ml_bputn(b, t + i, sizeof t - (size_t)i);
}

static void ml_bpad(struct ml_buf *b, unsigned n)
{
	while (n--)
		ml_bputc(b, ' ');
}

static unsigned ml_ndigits(uint64_t v)
{
	unsigned n = 1;
	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

static void ml_write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return;
		}
		p += w;
		n -= (size_t)w;
	}
}

static int ml_stderr(void);

void ml_printf(const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	int e = errno;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		ml_write_all(ml_stderr(), buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
	errno = e;
}

void ml_die(void)
{
	ml_graph_flush();
	_exit(1);
}

/* ---- the report lock ---- */

/* report.c's part of the state mapping (internal.h) */
#define ML_SEEN_N 8192
struct ml_report_state {
	int rlock;
	struct {
		uptr key;
		unsigned kind;
	} seen[ML_SEEN_N]; /* dedupe: (kind, site) seen */
	char tbuf[64 << 10];  /* a report's text */
	char jbuf[256 << 10]; /* and its JSON record */
	struct ml_chain chains[ML_LOC_MAX]; /* a report's value propagation chains (ml_chains_collect) */
	const char *chain_title[ML_LOC_MAX];
	unsigned nchains;
	int json_lite; /* (ml_jstack) */
	int stderr_fd; /* (ml_keep_stderr; 0: none kept) */
	dev_t stderr_dev;
	ino_t stderr_ino;
};
_Static_assert(ML_ST_REPORT + sizeof(struct ml_report_state) <= ML_ST_NAMES, "report.c's state fits");
#define ML_REPS (&ML_STATE_AT(struct ml_report_state, ML_ST_REPORT))
#define ml_rlock (ML_REPS->rlock)
#define ml_seen (ML_REPS->seen)
#define ml_tbuf (ML_REPS->tbuf)
#define ml_jbuf (ML_REPS->jbuf)
#define ml_chains (ML_REPS->chains)
#define ml_chain_title (ML_REPS->chain_title)
#define ml_nchains (ML_REPS->nchains)
#define ml_json_lite (ML_REPS->json_lite)
#define ml_stderr_fd (ML_REPS->stderr_fd)
#define ml_stderr_dev (ML_REPS->stderr_dev)
#define ml_stderr_ino (ML_REPS->stderr_ino)

/* Keep a copy of fd 2, made before the program runs, for the reports: a
 * program that closes stderr (gnulib's close_stdout at exit), points fd 2
 * elsewhere or reuses it for a file of its own would otherwise lose them or
 * get them written into its data. Like Valgrind's log descriptor, the copy
 * sits high (below the descriptor limit and 1024, away from the descriptors
 * a program opens and from select's range) and closes on exec: an exec'd
 * instrumented program keeps its own; a forked child shares it. */
void ml_keep_stderr(void)
{
	struct rlimit lim;
	struct stat st;
	int top = 1024;
	if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < (rlim_t)top)
		top = (int)lim.rlim_cur;
	if (top <= 3 || fstat(2, &st) != 0)
		return;
	int fd = fcntl(2, F_DUPFD_CLOEXEC, top - 1);
	if (fd < 0)
		return;
	ml_stderr_fd = fd;
	ml_stderr_dev = st.st_dev;
	ml_stderr_ino = st.st_ino;
}

/* Where text reports go by default: the kept copy of stderr while it is
 * still the file it was (a program that closed every descriptor may have
 * reused its number), else whatever fd 2 is now (also while starting: the
 * state mapping may not exist yet). */
static int ml_stderr(void)
{
	struct stat st;
	if (ml_state == ML_READY && ml_stderr_fd > 0 && fstat(ml_stderr_fd, &st) == 0 &&
	    st.st_dev == ml_stderr_dev && st.st_ino == ml_stderr_ino)
		return ml_stderr_fd;
	return 2;
}

void ml_report_lock(void)
{
	unsigned spins = 0;
	ml_rt_enter(); /* (a signal handler reporting too waits for its end) */
	while (__atomic_exchange_n(&ml_rlock, 1, __ATOMIC_ACQUIRE))
		if (++spins > 64)
			sched_yield();
}

void ml_report_unlock(void)
{
	__atomic_store_n(&ml_rlock, 0, __ATOMIC_RELEASE);
	ml_rt_leave();
}

/* ---- dedupe: (kind, site) seen ---- */


/* 1 if (kind, key) was reported before; records it otherwise. Called with
 * the lock held. A full table stops deduplicating (reports everything). */
static int ml_seen_before(unsigned kind, uptr key)
{
	uptr h = (key >> 3) * 0x9E3779B97F4A7C15ULL + kind;
	h ^= h >> 29;
	for (unsigned n = 0; n < ML_SEEN_N; n++) {
		unsigned i = (unsigned)((h + n) & (ML_SEEN_N - 1));
		if (ml_seen[i].key == 0) {
			ml_seen[i].key = key;
			ml_seen[i].kind = kind;
			return 0;
		}
		if (ml_seen[i].key == key && ml_seen[i].kind == kind)
			return 1;
	}
	return 0;
}

/* ---- pieces shared by the text and JSON forms ---- */

static const char *ml_access_name(enum ml_access a)
{
	switch (a) {
	case ML_ACC_READ:
		return "read";
	case ML_ACC_WRITE:
		return "write";
	case ML_ACC_FREE:
		return "free";
	case ML_ACC_REALLOC:
		return "realloc";
	case ML_ACC_USE:
		return "use";
	case ML_ACC_LEAK:
		return "leak";
	case ML_ACC_CALL:
		return "call";
	case ML_ACC_RET:
		return "return";
	case ML_ACC_EXIT:
		return "exit";
	}
	return "?";
}

static const char *ml_basename(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

static void ml_bbytes(struct ml_buf *b, uint64_t n)
{
	ml_bdec(b, n);
	ml_bput(b, n == 1 ? " byte" : " bytes");
}

/* What happened, e.g. "write of 4 bytes at 0x602000000044 (in memcpy)". */
/* "48 bytes in 3 blocks" */
static void ml_bblocks(struct ml_buf *b, uint64_t bytes, uint64_t blocks)
{
	ml_bbytes(b, bytes);
	ml_bput(b, " in ");
	ml_bdec(b, blocks);
	ml_bput(b, blocks == 1 ? " block" : " blocks");
}

/* "48 bytes in 3 blocks definitely lost" ("16 bytes ..." for one) */
static void ml_leak_what(struct ml_buf *b, const struct ml_leak *l)
{
	if (l->blocks > 1)
		ml_bblocks(b, l->bytes, l->blocks);
	else
		ml_bbytes(b, l->bytes);
	ml_bput(b, strcmp(l->how, "possible") == 0   ? " possibly lost"
	           : strcmp(l->how, "indirect") == 0 ? " indirectly lost"
	                                             : " definitely lost");
}

/* Why the leak check counts them lost. */
static const char *ml_leak_why(const struct ml_leak *l)
{
	int one = l->blocks == 1;
	if (l->run) { /* found where it was lost: how */
		const char *h = l->lost_how;
		return strcmp(h, "assignment") == 0         ? "its last reference was overwritten"
		       : strcmp(h, "scope-exit") == 0       ? "its last reference left scope"
		       : strcmp(h, "discarded-result") == 0 ? "the value holding it was not kept"
		       : strcmp(h, "freed-container") == 0  ? "the block holding its last reference was freed"
		       : strcmp(h, "cycle") == 0
		           ? (l->cycle > 1 ? "the last reference from outside its cycle was lost: its blocks only point to each other"
		                           : "its last reference, other than its own to itself, was lost")
		           : "the block holding its last reference was lost";
	}
	if (strcmp(l->how, "indirect") == 0)
		return one ? "only other lost blocks point to it" : "only other lost blocks point to them";
	if (strcmp(l->how, "possible") == 0)
		return one ? "only pointers into its middle remain (none to its start)"
		           : "only pointers into their middle remain (none to their start)";
	return one ? "no pointer to it remains" : "no pointer to them remains";
}

static void ml_what(struct ml_buf *b, struct ml_event *ev)
{
	if (ev->tev) { /* a function a rule of the program's watches */
		const struct ml_ruleset *rs = ml_ruleset();
		if (ev->access == ML_ACC_EXIT) {
			ml_bput(b, "the program's end");
			return;
		}
		ml_bput(b, ev->access == ML_ACC_CALL ? "call of " : "return of ");
		ml_bput(b, rs && (unsigned)ev->tev->func < rs->nfuncs ? rs->funcs[ev->tev->func].name : "?");
		return;
	}
	if (ev->leak) {
		ml_leak_what(b, ev->leak);
		if (ev->leak->asker) {
			ml_bput(b, " when the program called ");
			ml_bput(b, ev->leak->asker);
		} else if (!ev->leak->run) {
			ml_bput(b, " at exit");
		}
		return;
	}
	if (ev->arr && !ev->p) { /* an index check whose array address is not at hand */
		ml_bput(b, ml_access_name(ev->access));
		ml_bput(b, " of ");
		ml_bbytes(b, ev->n);
		return;
	}
	if (ev->access == ML_ACC_USE) {
		if (!ev->p) {
			ml_bput(b, "use of an uninitialized value");
			return;
		}
		uint64_t u = ml_undef_count(ev->p, ev->n);
		ml_bput(b, "use of ");
		ml_bbytes(b, ev->n);
		ml_bput(b, " at ");
		ml_bhex(b, ev->p);
		if (u == ev->n)
			ml_bput(b, u == 1 ? ", never written" : ", none of them ever written");
		else {
			ml_bput(b, ", ");
			ml_bdec(b, u);
			ml_bput(b, " of them never written");
		}
		if (ev->fn) {
			ml_bput(b, " (in ");
			ml_bput(b, ev->fn);
			ml_bput(b, ")");
		}
		return;
	}
	if (ev->access == ML_ACC_READ || ev->access == ML_ACC_WRITE) {
		ml_bput(b, ml_access_name(ev->access));
		ml_bput(b, " of ");
		ml_bbytes(b, ev->n);
		ml_bput(b, " at ");
	} else {
		ml_bput(b, ev->access == ML_ACC_FREE ? "free of " : "realloc of ");
	}
	ml_bhex(b, ev->p);
	if (ev->fn) {
		ml_bput(b, " (in ");
		ml_bput(b, ev->fn);
		ml_bput(b, ")");
	}
}

/* Where an index is relative to its array: "index 10 is past the end of
 * `buf`, an array of 10 elements (int[10], 40 bytes) declared at f.c:8". */
static void ml_where_index(struct ml_buf *b, const struct ml_event *ev)
{
	const struct __ml_array *a = ev->arr;
	ml_bput(b, "index ");
	ml_bsdec(b, (int64_t)ev->index);
	ml_bput(b, (int64_t)ev->index < 0 ? " is before the start of `" : " is past the end of `");
	ml_bput(b, a->name);
	ml_bput(b, "`");
	if (a->owner[0]) {
		ml_bput(b, " (member of ");
		ml_bput(b, a->owner);
		ml_bput(b, ")");
	}
	ml_bput(b, ", an array of ");
	ml_bdec(b, a->len);
	ml_bput(b, a->len == 1 ? " element (" : " elements (");
	ml_bput(b, a->type);
	ml_bput(b, ", ");
	ml_bbytes(b, a->len * a->elem);
	ml_bput(b, ") declared at ");
	ml_bput(b, a->file);
	ml_bputc(b, ':');
	ml_bdec(b, a->line);
}

/* Where address p is relative to object [base, base+size): "N bytes
 * before the start of ", "N bytes past the end of " or "at offset N
 * inside ", to be followed by the object's description. */
static void ml_where_pos(struct ml_buf *b, uptr p, uptr base, uint64_t size)
{
	if (p < base) {
		ml_bbytes(b, base - p);
		ml_bput(b, " before the start of ");
	} else if (p >= base + size) {
		ml_bbytes(b, p - (base + size));
		ml_bput(b, " past the end of ");
	} else {
		ml_bput(b, "at offset ");
		ml_bsdec(b, (int64_t)(p - base));
		ml_bput(b, " inside ");
	}
}

/* For an access that starts inside its object and ends past it. */
static void ml_where_ends(struct ml_buf *b, const struct ml_event *ev, const struct ml_binfo *k)
{
	ml_bput(b, "; the access ends ");
	ml_bbytes(b, ev->p + ev->n - (k->base + k->size));
	ml_bput(b, " past its end");
}

static void ml_bexpr(struct ml_buf *b, const char *e, size_t max)
{
	/* One line, squeezed: expressions may span lines. */
	size_t n = 0;
	int sp = 0;
	for (; *e && n < max; e++) {
		char c = *e;
		if (c == '\n' || c == '\t' || c == '\r' || c == ' ') {
			sp = 1;
			continue;
		}
		if (sp && n) {
			ml_bputc(b, ' ');
			n++;
		}
		sp = 0;
		ml_bputc(b, c);
		n++;
	}
	if (*e)
		ml_bput(b, "...");
}

/* The same for a variable: "4 bytes past the end of global variable
 * `counts` (16 bytes) declared at g.c:3", "local variable `buf` (8 bytes)
 * of f() declared at f.c:5; f() has returned". */
static void ml_where_var(struct ml_buf *b, const struct ml_event *ev, const struct ml_binfo *k,
                         enum ml_kind kind, int inside)
{
	uptr p = ev->p;
	const site_t *decl[1];
	unsigned nd = ml_stack_get(k->alloc_stack, decl, 1);
	const site_t *d = nd ? decl[0] : 0;
	unsigned dk = d ? d->kind & 0xff : 0;
	if (p != k->base || kind != ML_UNMATCHED_FREE)
		ml_where_pos(b, p, k->base, k->size);
	if (dk == __ML_SITE_LITERAL) {
		/* "string literal "abc" (4 bytes) used at f.c:3" */
		ml_bput(b, "string literal ");
		ml_bexpr(b, d->expr, 60);
		ml_bput(b, " (");
		ml_bbytes(b, k->size);
		ml_bput(b, ") used at ");
	} else {
		ml_bput(b, dk == __ML_SITE_ALLOCA          ? "block of `"
		           : k->kind == __ML_KIND_STACK ? "local variable `"
		           : dk == __ML_SITE_STATIC    ? "static variable `"
		                                       : "global variable `");
		ml_bput(b, d ? d->expr : "?");
		ml_bput(b, "` (");
		ml_bbytes(b, k->size);
		if (k->readonly)
			ml_bput(b, ", const");
		ml_bput(b, ")");
		if (d && k->kind == __ML_KIND_STACK) {
			ml_bput(b, " of ");
			ml_bput(b, d->func);
			ml_bput(b, "()");
		}
		if (d)
			ml_bput(b, dk == __ML_SITE_ALLOCA ? " allocated at " : " declared at ");
	}
	if (d) {
		ml_bput(b, d->file);
		ml_bputc(b, ':');
		ml_bdec(b, d->line);
	}
	if ((kind == ML_GLOBAL_BUFFER_OVERFLOW || kind == ML_STACK_BUFFER_OVERFLOW) && inside)
		ml_where_ends(b, ev, k);
	if (kind == ML_USE_AFTER_RETURN && d) {
		ml_bput(b, "; ");
		ml_bput(b, d->func);
		ml_bput(b, "() has returned");
	}
	if (kind == ML_USE_AFTER_SCOPE) {
		ml_bput(b, "; its block ended");
		if (d && d->aux) {
			ml_bput(b, " (line ");
			ml_bdec(b, d->aux);
			ml_bput(b, ")");
		}
	}
	if (kind == ML_UNMATCHED_FREE)
		ml_bput(b, "; it was never allocated on the heap");
}

/* Where the address is relative to the block, without the address:
 * "0 bytes past the end of 40-byte block #3 (offset 40)". */
static void ml_where(struct ml_buf *b, struct ml_event *ev, enum ml_kind kind)
{
	const struct ml_binfo *k = ml_event_block(ev);
	uptr p = ev->p;

	if (ev->arr) {
		ml_where_index(b, ev);
		return;
	}
	if (kind == ML_UNINITIALIZED_READ && !k->known) {
		if (!ev->p)
			ml_bput(b, "the value was never initialized");
		else if (ev->decl) {
			ml_bput(b, "inside local variable `");
			ml_bput(b, ev->decl->expr);
			ml_bput(b, "` of ");
			ml_bput(b, ev->decl->func);
			ml_bput(b, "() declared at ");
			ml_bput(b, ev->decl->file);
			ml_bputc(b, ':');
			ml_bdec(b, ev->decl->line);
		} else
			ml_bput(b, "memory of no known object");
		return;
	}
	if (ev->tev && !k->known) { /* a rule's event that names no block */
		ml_bput(b, "the condition of rule ");
		ml_bput(b, ml_kind_name(kind));
		ml_bput(b, " holds");
		return;
	}
	if (kind == ML_INVALID_DEREF) {
		if (__ML_IS_UNINIT(ev->m))
			ml_bput(b, "the pointer was never initialized: its value is whatever its variable held");
		else
			ml_bput(b, "no object can be at this address (below the lowest address the kernel maps, or outside the program's address space)");
		return;
	}
	if (kind == ML_NULL_POINTER_DEREF) {
		if (p == 0)
			ml_bput(b, "the NULL pointer");
		else {
			ml_bput(b, "in the first page: a NULL pointer plus offset ");
			ml_bdec(b, p);
		}
		return;
	}
	if (!k->known) {
		if (k->kind == __ML_KIND_HEAP && k->freed)
			ml_bput(b, "the block was freed; details of this freed block are no longer kept");
		else if (kind == ML_UNMATCHED_FREE || kind == ML_DOUBLE_FREE)
			ml_bput(b, "the address was never allocated on the heap");
		else
			ml_bput(b, "no block is known for this pointer");
		return;
	}
	if (kind == ML_DOUBLE_FREE) {
		if (p == k->base)
			ml_bput(b, "the start of ");
		else {
			ml_bput(b, "at offset ");
			ml_bsdec(b, (int64_t)(p - k->base));
			ml_bput(b, " inside ");
		}
		ml_bdec(b, k->size);
		ml_bput(b, "-byte block #");
		ml_bdec(b, k->id);
		ml_bput(b, ", which was already freed");
		return;
	}
	int64_t off = (int64_t)(p - k->base);
	int inside = p >= k->base && p < k->base + k->size;
	if (k->kind == __ML_KIND_GLOBAL || k->kind == __ML_KIND_STACK) {
		ml_where_var(b, ev, k, kind, inside);
		return;
	}
	ml_where_pos(b, p, k->base, k->size);
	if (k->freed)
		ml_bput(b, "freed ");
	ml_bdec(b, k->size);
	ml_bput(b, "-byte block #");
	ml_bdec(b, k->id);
	if (!inside) {
		ml_bput(b, " (offset ");
		ml_bsdec(b, off);
		ml_bput(b, ")");
	}
	if (kind == ML_HEAP_BUFFER_OVERFLOW && inside)
		ml_where_ends(b, ev, k);
	if (kind == ML_UNMATCHED_FREE) {
		ml_bput(b, "; free() needs the start of the block, ");
		ml_bhex(b, k->base);
	}
}

/* A sentence the kind implies on top of ml_where, or NULL (the event's own
 * note, ev->note, is shown before it). */
static const char *ml_note(struct ml_event *ev, enum ml_kind kind)
{
	if (ev->access == ML_ACC_REALLOC && kind == ML_DOUBLE_FREE)
		return "realloc of a freed pointer";
	if (ev->access == ML_ACC_REALLOC && kind == ML_UNMATCHED_FREE)
		return "realloc of a pointer that is not the start of a heap block";
	return 0;
}

/* ---- text form ---- */

static void ml_tframe(struct ml_buf *b, unsigned i, const site_t *s)
{
	ml_bput(b, "      #");
	ml_bdec(b, i);
	ml_bputc(b, ' ');
	ml_bput(b, s->func ? s->func : "?");
	ml_bputc(b, ' ');
	ml_bput(b, s->file ? s->file : "?");
	ml_bputc(b, ':');
	ml_bdec(b, s->line);
	ml_bputc(b, '\n');
}

static void ml_tstack(struct ml_buf *b, unsigned id)
{
	const site_t *f[__ML_MAX_FRAMES];
	unsigned n = ml_stack_get(id, f, __ML_MAX_FRAMES);
	if (n == 0) {
		ml_bput(b, "      (no instrumented frames)\n");
		return;
	}
	for (unsigned i = 0; i < n; i++)
		ml_tframe(b, i, f[i]);
}

static void ml_tthread(struct ml_buf *b, unsigned tid)
{
	ml_bput(b, "thread T");
	ml_bdec(b, tid);
}

/* The source line and a caret line under the expression. */
static void ml_tsource(struct ml_buf *b, const site_t *s)
{
	if (!s->text || !s->line)
		return;
	const char *t = s->text;
	size_t tl = strcspn(t, "\r\n");
	unsigned w = ml_ndigits(s->line);
	if (w < 4)
		w = 4;
	ml_bpad(b, 4 + w - ml_ndigits(s->line));
	ml_bdec(b, s->line);
	ml_bput(b, " | ");
	ml_bputn(b, t, tl);
	ml_bputc(b, '\n');
	if (!s->col)
		return;
	ml_bpad(b, 4 + w);
	ml_bput(b, " | ");
	size_t c = s->col - 1;
	if (c > tl)
		c = tl;
	for (size_t i = 0; i < c; i++)
		ml_bputc(b, t[i] == '\t' ? '\t' : ' ');
	size_t el = s->expr ? strcspn(s->expr, "\r\n") : 1;
	if (el == 0)
		el = 1;
	if (c + el > tl)
		el = tl > c ? tl - c : 1;
	ml_bputc(b, '^');
	for (size_t i = 1; i < el; i++)
		ml_bputc(b, '~');
	if (s->expr && *s->expr) {
		ml_bput(b, "    ");
		ml_bexpr(b, s->expr, 80);
	}
	ml_bputc(b, '\n');
}

static void ml_tpc(struct ml_buf *b, uptr pc)
{
	Dl_info di;
	ml_bput(b, "    called from uninstrumented code at ");
	ml_bhex(b, pc);
	if (dladdr((void *)pc, &di)) {
		if (di.dli_sname) {
			ml_bput(b, " in ");
			ml_bput(b, di.dli_sname);
			ml_bput(b, "+");
			ml_bhex(b, pc - (uptr)di.dli_saddr);
		}
		if (di.dli_fname) {
			ml_bput(b, " (");
			ml_bput(b, ml_basename(di.dli_fname));
			ml_bput(b, ")");
		}
	}
	ml_bputc(b, '\n');
}

/* The heap block whose history a report tells (its allocation and free
 * stacks), or 0: an access or free report's block, unless the report
 * describes its object otherwise. */
static const struct ml_binfo *ml_told_heap_block(enum ml_kind kind, struct ml_event *ev)
{
	if (ev->leak || kind == ML_NULL_POINTER_DEREF || kind == ML_UNINITIALIZED_READ)
		return 0;
	const struct ml_binfo *k = ml_event_block(ev);
	return k->known && k->kind == __ML_KIND_HEAP ? k : 0;
}

/* The threads other than T0 whose creation a report tells, each once:
 * the reporting thread, then block k's allocating and freeing threads
 * (k may be 0). Their number. */
static unsigned ml_told_threads(unsigned tid, const struct ml_binfo *k, unsigned v[3])
{
	unsigned c[3] = {tid, k ? k->alloc_tid : 0, k && k->freed ? k->free_tid : 0}, n = 0;
	for (unsigned i = 0; i < 3; i++) {
		int seen = c[i] == 0;
		for (unsigned j = 0; j < n && !seen; j++)
			seen = v[j] == c[i];
		if (!seen)
			v[n++] = c[i];
	}
	return n;
}

static void ml_tthread_origin(struct ml_buf *b, unsigned tid)
{
	unsigned parent, stack;
	ml_bput(b, "    ");
	ml_tthread(b, tid);
	if (!ml_thread_info(tid, &parent, &stack)) {
		ml_bput(b, " was not started by instrumented code\n");
		return;
	}
	ml_bput(b, " created by T");
	ml_bdec(b, parent);
	ml_bput(b, " at:\n");
	ml_tstack(b, stack);
}

/* " by Tn at:" and the stack: who did an event and where. */
static void ml_tby(struct ml_buf *b, unsigned tid, unsigned stack)
{
	ml_bput(b, " by ");
	ml_tthread(b, tid);
	ml_bput(b, " at:\n");
	ml_tstack(b, stack);
}

/* Where an uninitialized value came from (ML_USE events): a local's
 * declaration or an object's creation, as a stack. 0 if unknown. */
struct ml_orig {
	unsigned kind, stack, tid;
	uint64_t id, size;
	const char *name;
};

static int ml_event_origin(const struct ml_event *ev, struct ml_orig *o)
{
	const site_t *decl;
	*o = (struct ml_orig){0};
	if (!ml_origin_get(ev->origin, &decl, &o->kind, &o->stack, &o->tid, &o->id, &o->size)) {
		if (!ev->decl)
			return 0;
		decl = ev->decl;
		o->kind = __ML_KIND_STACK;
	}
	if (decl) {
		o->stack = ml_stack_intern(&decl, 1);
		o->name = decl->expr;
		return 1;
	}
	const site_t *f[1];
	if (o->kind != __ML_KIND_HEAP && ml_stack_get(o->stack, f, 1))
		o->name = f[0]->expr;
	return 1;
}

static void ml_torigin(struct ml_buf *b, const struct ml_event *ev)
{
	struct ml_orig o;
	if (!ml_event_origin(ev, &o)) {
		ml_bput(b, "    where the uninitialized value came from is not known\n");
		return;
	}
	if (o.kind == __ML_KIND_HEAP) {
		ml_bput(b, "    the uninitialized bytes come from heap block #");
		ml_bdec(b, o.id);
		ml_bput(b, " (");
		ml_bbytes(b, o.size);
		ml_bput(b, "), never written since it was allocated");
		ml_tby(b, o.tid, o.stack);
		return;
	}
	ml_bput(b, ev->p ? "    the uninitialized bytes come from " : "    the uninitialized value comes from ");
	ml_bput(b, o.kind == __ML_KIND_GLOBAL ? "global variable `" : "local variable `");
	ml_bput(b, o.name ? o.name : "?");
	ml_bput(b, "`");
	if (o.size) {
		ml_bput(b, " (");
		ml_bbytes(b, o.size);
		ml_bput(b, ")");
	}
	ml_bput(b, ", declared without an initializer at:\n");
	ml_tstack(b, o.stack);
}

static void ml_tnames(struct ml_buf *b, unsigned s);
static void ml_jnames(struct ml_buf *b, unsigned s);

/* Does the slot of heap block k still hold its names (it was not reused)? */
static int ml_names_of(const struct ml_binfo *k)
{
	return k->known && k->kind == __ML_KIND_HEAP && ML_LOAD(&ML_COLD[k->slot].gen) == k->gen;
}

/* ---- value propagation chains (explain.c) ----
 * Computed once per report, with the report lock held, for the text and
 * JSON forms: the chains paper 000's Fig. 2 names for the kind. */

static int ml_event_origin(const struct ml_event *ev, struct ml_orig *o);

/* The chain of an uninitialized value, ending where its bytes were made
 * (the report's origin), when the walk reached them. */
static void ml_chain_undef(struct ml_event *ev, struct ml_chain *c)
{
	ml_chain_build_undef(ev->p, ev->origin, c);
	if (c->decl) { /* the chain found the local its bytes come from */
		ev->origin = (uptr)c->decl;
		return;
	}
	struct ml_orig o;
	const site_t *f[1];
	if (c->end != ML_END_ORIGIN || !ml_event_origin(ev, &o) || !ml_stack_get(o.stack, f, 1))
		return;
	c->gen = o.kind == __ML_KIND_HEAP ? __ML_GEN_ALLOC : __ML_GEN_DECLARED;
	if (c->n < ML_CHAIN_MAX)
		c->link[c->n++] = (struct ml_link){.site = f[0], .tid = o.tid};
}

/* The chains the rule that fired locates (rules.h: VPC(x) for each x). */
static void ml_chains_collect(enum ml_kind kind, struct ml_event *ev)
{
	ml_nchains = 0;
	if (!ML_LOAD(&__ml_explain) || !ev->fired)
		return;
	for (unsigned i = 0; i < ev->fired->nloc; i++) {
		const struct ml_loc *l = &ev->fired->loc[i];
		struct ml_chain *c = &ml_chains[ml_nchains];
		struct ml_binfo k;
		struct ml_pv fpv;
		uptr bound;
		switch (l->how) {
		case ML_LOC_UNDEF:
			ml_chain_title[ml_nchains] = "the uninitialized value";
			ml_chain_undef(ev, c);
			ml_nchains += c->n != 0; /* (nothing to add to the origin) */
			break;
		case ML_LOC_PTR:
			if (!l->has_pv)
				break;
			ml_chain_title[ml_nchains++] = !l->redex                       ? l->title
			                               : ev->access == ML_ACC_FREE      ? "the pointer freed here"
			                               : ev->access == ML_ACC_REALLOC ? "the pointer given to realloc here"
			                               : kind == ML_NULL_POINTER_DEREF ? "the null pointer"
			                               : ev->fn                        ? "the pointer given to the call"
			                                                               : "the pointer dereferenced here";
			ml_chain_build(&l->pv, l->m, ML_BOUND_NOW, ml_self_id(), c);
			break;
		case ML_LOC_FREER:
			if (ml_block_info(l->m, &k) && k.known &&
			    ml_explain_freed_by(k.slot, ml_mkmeta(k.slot, k.gen), &fpv, &bound)) {
				ml_chain_title[ml_nchains++] = "the pointer that freed the block";
				ml_chain_build(&fpv, ml_mkmeta(k.slot, k.gen), bound, k.free_tid, c);
			}
			break;
		case ML_LOC_BLOCK: /* (the report describes it: ml_try made it the event's) */
			break;
		}
	}
}

/* How a link carried the value: what received it. */
static void ml_link_how(struct ml_buf *b, const struct ml_link *l)
{
	const site_t *s = l->site;
	const char *to = s->to ? s->to : "";
	switch (s->kind & 0xff) {
	case __ML_SITE_LOSS:
		if (s->kind & __ML_SITE_COPY) {
			ml_bput(b, "copied into ");
			ml_bput(b, to);
			ml_bput(b, " with the object holding it");
		} else if (l->dst) {
			ml_bput(b, "stored into ");
			ml_bput(b, to);
		} else if (*to) {
			ml_bput(b, "assigned to ");
			ml_bput(b, to);
		} else {
			ml_bput(b, "returned by ");
			ml_bput(b, s->func ? s->func : "?");
			ml_bput(b, "()");
		}
		return;
	case __ML_SITE_ARG:
		ml_bput(b, "passed to ");
		ml_bput(b, to);
		return;
	case __ML_SITE_ACCESS: /* an uninitialized value read */
		ml_bput(b, "read into a value");
		return;
	case __ML_SITE_GLOBAL:
	case __ML_SITE_STATIC:
		ml_bput(b, "held by ");
		ml_bput(b, s->expr);
		return;
	default: /* a call memlens checks: memcpy, qsort, pthread_create */
		ml_bput(b, l->dst ? "copied by the call" : "handed on by the call");
	}
}

/* The machine name of how a link carried the value (JSON "how"). */
static const char *ml_link_kind(const struct ml_link *l)
{
	const site_t *s = l->site;
	switch (s->kind & 0xff) {
	case __ML_SITE_LOSS:
		return (s->kind & __ML_SITE_COPY) ? "copy" : l->dst ? "store" : (s->to && *s->to) ? "assign" : "return";
	case __ML_SITE_ARG:
		return "argument";
	case __ML_SITE_ACCESS:
		return "read";
	case __ML_SITE_GLOBAL:
	case __ML_SITE_STATIC:
		return "initial";
	}
	return l->dst ? "copy" : "call";
}

/* The ways a value is made: their JSON names and their text. */
static const struct {
	prov_t gen;
	const char *name, *text;
} ml_gens[] = {
	{__ML_GEN_NULL, "null", "a null pointer constant"},
	{__ML_GEN_ALLOC, "allocation", "a block the allocator returned"},
	{__ML_GEN_ADDR, "address", "the address of an object"},
	{__ML_GEN_LITERAL, "literal", "the address of a string literal"},
	{__ML_GEN_EXTERN, "call", "the result of a function memlens does not see"},
	{__ML_GEN_INT, "integer", "an integer made into a pointer"},
	{__ML_GEN_OPAQUE, "opaque", "a value computed where memlens does not follow it"},
	{__ML_GEN_CALLER, "caller", "an argument of a caller memlens does not see"},
	{__ML_GEN_UNINIT, "uninitialized", "the variable was never assigned"},
	{__ML_GEN_DECLARED, "declaration", "declared without an initializer"},
	{__ML_GEN_INITIAL, "initializer", "its initial value (nothing memlens sees stored another)"},
};

static const char *ml_gen_text(prov_t g, meta_t m)
{
	if (g == __ML_GEN_EXTERN && m == __ML_NULL)
		return "NULL, returned by the call";
	for (unsigned i = 0; i < sizeof ml_gens / sizeof ml_gens[0]; i++)
		if (ml_gens[i].gen == g)
			return ml_gens[i].text;
	return "?";
}

static const char *ml_gen_name(prov_t g)
{
	for (unsigned i = 0; i < sizeof ml_gens / sizeof ml_gens[0]; i++)
		if (ml_gens[i].gen == g)
			return ml_gens[i].name;
	return "unknown";
}

static const char *ml_end_name(unsigned end)
{
	switch (end) {
	case ML_END_DROPPED:
		return "dropped";
	case ML_END_UNSEEN:
		return "unseen";
	case ML_END_LONG:
		return "cut";
	}
	return "unknown";
}

/* The object holding address a: "global variable `g` (f.c:3)", "heap
 * block #4", "local variable `buf` of f()" with the offset. */
static void ml_object_desc(struct ml_buf *b, uptr a)
{
	struct ml_binfo k;
	if (!ml_object_at_addr(a, &k)) {
		ml_bhex(b, a);
		return;
	}
	const site_t *d[1];
	unsigned nd = k.kind == __ML_KIND_HEAP ? 0 : ml_stack_get(k.alloc_stack, d, 1);
	ml_bput(b, "offset ");
	ml_bdec(b, a - k.base);
	if (k.kind == __ML_KIND_HEAP) {
		ml_bput(b, " of heap block #");
		ml_bdec(b, k.id);
		return;
	}
	ml_bput(b, k.kind == __ML_KIND_STACK ? " of local variable `" : " of variable `");
	ml_bput(b, nd ? d[0]->expr : "?");
	ml_bputc(b, '`');
	if (nd) {
		ml_bput(b, " (");
		if (k.kind == __ML_KIND_STACK) {
			ml_bput(b, d[0]->func);
			ml_bput(b, "(), ");
		}
		ml_bput(b, ml_basename(d[0]->file));
		ml_bputc(b, ':');
		ml_bdec(b, d[0]->line);
		ml_bputc(b, ')');
	}
}

static void ml_tchain(struct ml_buf *b, const char *title, const struct ml_chain *c, meta_t m,
                      unsigned tid)
{
	ml_bput(b, "    ");
	ml_bput(b, title);
	if (!c->n && c->end == ML_END_ORIGIN) {
		ml_bput(b, " is ");
		ml_bput(b, ml_gen_text(c->gen, m));
		ml_bput(b, ", made by this statement\n");
		return;
	}
	ml_bput(b, c->undef ? " came (value propagation, newest first):\n"
	                    : " got its value (value propagation, newest first):\n");
	for (unsigned i = 0; i < c->n; i++) {
		const struct ml_link *l = &c->link[i];
		ml_bput(b, "      #");
		ml_bdec(b, i);
		ml_bputc(b, ' ');
		if (l->site->func && *l->site->func) { /* (none at file scope) */
			ml_bput(b, l->site->func);
			ml_bputc(b, ' ');
		}
		ml_bput(b, l->site->file ? l->site->file : "?");
		ml_bputc(b, ':');
		ml_bdec(b, l->site->line);
		ml_bput(b, ": ");
		ml_bexpr(b, l->site->expr ? l->site->expr : "", 70);
		ml_bput(b, "  [");
		int made = i + 1 == c->n && c->end == ML_END_ORIGIN;
		if (made && c->undef) /* where the bytes were made */
			ml_bput(b, c->gen == __ML_GEN_ALLOC ? "allocated, never written since" : ml_gen_text(c->gen, m));
		else
			ml_link_how(b, l);
		if (l->repeat) {
			ml_bput(b, "; ");
			ml_bdec(b, l->repeat + 1);
			ml_bput(b, " times in a row");
		}
		if (l->tid != tid) {
			ml_bput(b, "; by ");
			ml_tthread(b, l->tid);
		}
		if (made && !c->undef) {
			ml_bput(b, "; made here: ");
			ml_bput(b, ml_gen_text(c->gen, m));
		}
		ml_bput(b, "]\n");
	}
	if (c->more) {
		ml_bput(b, "      ... and ");
		ml_bdec(b, c->more);
		ml_bput(b, " older steps\n");
	}
	switch (c->end) {
	case ML_END_UNKNOWN:
		ml_bput(b, "      (where the value was before is not known)\n");
		break;
	case ML_END_DROPPED:
		ml_bput(b, "      (older steps are gone: the newest ");
		ml_bdec(b, ML_LOAD(&ml_steps_mask) + 1);
		ml_bput(b, " are kept, see the explain_ring option)\n");
		break;
	case ML_END_UNSEEN:
		ml_bput(b, "      (it was loaded from ");
		ml_object_desc(b, c->slot);
		ml_bput(b, ", where no instrumented statement stored it: an initial value, or a store by code "
		           "memlens does not see)\n");
		break;
	case ML_END_LONG:
		ml_bput(b, "      (the walk back stops here)\n");
		break;
	}
}

static void ml_tchains(struct ml_buf *b, const struct ml_event *ev, unsigned tid)
{
	for (unsigned i = 0; i < ml_nchains; i++)
		ml_tchain(b, ml_chain_title[i], &ml_chains[i], ev->m, tid);
}

/* The body of an access or free report: where the address is, the
 * block's history, the call stack and the threads involved. */
static void ml_tdetails(struct ml_buf *b, enum ml_kind kind, struct ml_event *ev, unsigned stack,
                        unsigned tid)
{
	const struct ml_binfo *k = ml_event_block(ev);

	if (ev->p || kind != ML_UNINITIALIZED_READ) { /* (a value is told by its origin) */
		ml_bput(b, "    ");
		if (kind == ML_NULL_POINTER_DEREF || k->known) {
			ml_bhex(b, ev->p);
			ml_bput(b, " is ");
		}
		ml_where(b, ev, kind);
		ml_bputc(b, '\n');
	}
	if (kind == ML_UNINITIALIZED_READ)
		ml_torigin(b, ev);

	/* (an uninitialized read's object is described by its origin) */
	int described = kind == ML_NULL_POINTER_DEREF || kind == ML_UNINITIALIZED_READ || !k->known;
	int block = !described && k->kind == __ML_KIND_HEAP;
	if (block && k->freed) {
		ml_bput(b, "    block #");
		ml_bdec(b, k->id);
		ml_bput(b, kind == ML_DOUBLE_FREE ? " first freed" : " freed");
		if (k->by_realloc)
			ml_bput(b, " (by realloc)");
		ml_tby(b, k->free_tid, k->free_stack);
	}
	if (block) {
		ml_bput(b, "    block #");
		ml_bdec(b, k->id);
		ml_bput(b, " allocated");
		ml_tby(b, k->alloc_tid, k->alloc_stack);
	}
	if (block && ml_names_of(k))
		ml_tnames(b, k->slot);
	if (!described && k->kind == __ML_KIND_STACK) {
		const site_t *d[1];
		int alloca = ml_stack_get(k->alloc_stack, d, 1) && (d[0]->kind & 0xff) == __ML_SITE_ALLOCA;
		ml_bput(b, alloca ? "    block allocated (alloca)" : "    local variable declared");
		ml_tby(b, k->alloc_tid, k->alloc_stack);
	}
	ml_tchains(b, ev, tid);
	ml_bput(b, "    call stack:\n");
	ml_tstack(b, stack);

	unsigned v[3], n = ml_told_threads(tid, ml_told_heap_block(kind, ev), v);
	for (unsigned i = 0; i < n; i++)
		ml_tthread_origin(b, v[i]);
}

/* The variable (or lvalue) a loss site names, and the rest of its
 * expression after the assignment operator (""); 0 if it names none. */
static size_t ml_loss_var(const site_t *s, const char **rhs)
{
	*rhs = "";
	if (!s || (s->kind & 0xff) != __ML_SITE_LOSS || !s->aux || !s->expr || strlen(s->expr) < s->aux)
		return 0;
	const char *r = s->expr + s->aux;
	while (*r == ' ' || *r == '\t')
		r++;
	if (*r == '=') {
		r++;
		while (*r == ' ' || *r == '\t')
			r++;
		*rhs = r;
	}
	return s->aux;
}

/* One name a block had: a variable or lvalue that pointed to it (text,
 * n bytes), or the function that returned it. */
struct ml_name {
	const char *text;
	size_t n;
	int returned;
	const site_t *site; /* the first place it had the name */
};

static int ml_same(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* The names the block in slot s had (names.c), oldest first, the sites
 * naming the same variable in the same function merged; their number.
 * *more: other sites named it too. */
static unsigned ml_block_names(unsigned s, struct ml_name *v, int *more)
{
	const site_t *sites[__ML_NAMES_MAX];
	unsigned k = ml_names_get(s, sites, more), n = 0;
	for (unsigned i = 0; i < k; i++) {
		const site_t *st = sites[i];
		const char *rhs;
		struct ml_name nm = {st->expr, ml_loss_var(st, &rhs), 0, st};
		if (!nm.n) { /* a return statement: the function's result */
			if (!st->func)
				continue;
			nm = (struct ml_name){st->func, strlen(st->func), 1, st};
		}
		unsigned j = 0;
		while (j < n && !(v[j].returned == nm.returned && v[j].n == nm.n &&
		                  memcmp(v[j].text, nm.text, nm.n) == 0 && ml_same(v[j].site->func, st->func)))
			j++;
		if (j == n)
			v[n++] = nm;
	}
	return n;
}

/* The local variables that may have held the last reference to the
 * block of leak l when its function returned (the lost statement is a
 * return, which names none): those of its names that are identifiers of
 * that function (any function, when a longjmp skipped their frames).
 * Their number. */
static unsigned ml_returning_vars(const struct ml_leak *l, struct ml_name *v)
{
	int more;
	unsigned n = l->slot ? ml_block_names(l->slot, v, &more) : 0, k = 0;
	for (unsigned i = 0; i < n; i++) {
		int ident = !v[i].returned && (l->jumped || ml_same(v[i].site->func, l->lost->func));
		for (size_t j = 0; ident && j < v[i].n; j++) {
			char c = v[i].text[j];
			ident = c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (j && c >= '0' && c <= '9');
		}
		if (ident)
			v[k++] = v[i];
	}
	return k;
}

/* "it was pointed to or returned by: n (make, a.c:9), the result of
 * make() (a.c:12), n->next (push, a.c:30)" */
static void ml_tnames(struct ml_buf *b, unsigned s)
{
	struct ml_name v[__ML_NAMES_MAX];
	int more;
	unsigned n = ml_block_names(s, v, &more);
	if (!n)
		return;
	ml_bput(b, "    it was pointed to or returned by: ");
	for (unsigned i = 0; i < n; i++) {
		if (i)
			ml_bput(b, ", ");
		if (v[i].returned)
			ml_bput(b, "the result of ");
		ml_bputn(b, v[i].text, v[i].n);
		ml_bput(b, v[i].returned ? "() (" : " (");
		if (!v[i].returned && v[i].site->func) {
			ml_bput(b, v[i].site->func);
			ml_bput(b, ", ");
		}
		ml_bput(b, ml_basename(v[i].site->file));
		ml_bputc(b, ':');
		ml_bdec(b, v[i].site->line);
		ml_bputc(b, ')');
	}
	if (more)
		ml_bput(b, ", and more places");
	ml_bputc(b, '\n');
}

/* Where (and how) a block's last reference went: "Assigning from
 * malloc(8) to buf" and the like. */
static void ml_tlost(struct ml_buf *b, const struct ml_leak *l)
{
	const char *rhs;
	size_t nv = ml_loss_var(l->lost, &rhs);
	if (!l->run) {
		ml_bput(b, strcmp(l->lost_how, "cycle") == 0 ? "    the last reference from outside its cycle was lost at "
		                                             : "    its last reference was lost at ");
		ml_bput(b, l->lost->file);
		ml_bputc(b, ':');
		ml_bdec(b, l->lost->line);
		ml_bput(b, " in ");
		ml_bput(b, l->lost->func ? l->lost->func : "?");
		ml_bput(b, " (");
		ml_bput(b, l->lost_how);
		ml_bput(b, l->asker ? "), before the program called " : "), as the program ended\n");
		if (l->asker) {
			ml_bput(b, l->asker);
			ml_bputc(b, '\n');
		}
		return;
	}
	const char *how = l->via ? l->via : l->lost_how;
	if (l->cycle > 1) {
		ml_bput(b, "    ");
		ml_bdec(b, l->cycle);
		ml_bput(b, " blocks cut off together\n");
	}
	if (nv && *rhs && strcmp(how, "assignment") == 0) {
		ml_bput(b, "    Assigning from ");
		ml_bput(b, rhs);
		ml_bput(b, " to ");
		ml_bputn(b, l->lost->expr, nv);
		ml_bputc(b, '\n');
	} else if (nv && strcmp(how, "scope-exit") == 0) {
		ml_bput(b, "    variable ");
		ml_bputn(b, l->lost->expr, nv);
		ml_bput(b, " left scope\n");
	} else if (strcmp(how, "scope-exit") == 0) {
		struct ml_name v[__ML_NAMES_MAX];
		unsigned n = ml_returning_vars(l, v);
		for (unsigned i = 0; i < n; i++) {
			ml_bput(b, i ? ", " : n == 1 ? "    variable " : "    one of the variables ");
			ml_bputn(b, v[i].text, v[i].n);
			if (l->jumped) {
				ml_bput(b, " (");
				ml_bput(b, v[i].site->func);
				ml_bputc(b, ')');
			}
		}
		if (n)
			ml_bput(b, l->jumped ? " left scope: the longjmp skipped its frame\n"
			                     : " left scope as its function returned\n");
		else if (l->jumped)
			ml_bput(b, "    the longjmp skipped the frame of the local that held it\n");
	}
	if (l->depth) {
		ml_bput(b, "    ");
		ml_bdec(b, l->depth);
		ml_bput(b, l->depth == 1 ? " pointer step" : " pointer steps");
		ml_bput(b, " from the block whose loss it follows\n");
	}
}

/* The body of a leak report: why the blocks are lost and where they were
 * allocated (the report's stack). */
static void ml_tleak(struct ml_buf *b, const struct ml_leak *l)
{
	ml_bput(b, "    ");
	ml_bput(b, ml_leak_why(l));
	ml_bputc(b, '\n');
	if (l->lost)
		ml_tlost(b, l);
	if (l->slot)
		ml_tnames(b, l->slot);
	if (l->untracked) {
		ml_bput(b, "    memlens could not follow every pointer to it (one became an integer or went to "
		           "code built without memlens), so it was found ");
		ml_bput(b, l->asker ? "when the program called " : "at exit");
		if (l->asker)
			ml_bput(b, l->asker);
		ml_bputc(b, '\n');
	}
	ml_bput(b, "    block #");
	ml_bdec(b, l->id);
	ml_bput(b, " (");
	ml_bbytes(b, l->size);
	ml_bput(b, ")");
	if (l->blocks > 1) {
		ml_bput(b, " and ");
		ml_bdec(b, l->blocks - 1);
		ml_bput(b, l->blocks == 2 ? " other" : " others");
	}
	ml_bput(b, " allocated");
	ml_tby(b, l->tid, l->stack);
	if (l->tid)
		ml_tthread_origin(b, l->tid);
}

/* "==pid== memlens: KIND: ", which opens every report. */
static void ml_thead(struct ml_buf *b, int pid, enum ml_kind kind)
{
	ml_bput(b, "==");
	ml_bdec(b, (uint64_t)pid);
	ml_bput(b, "== memlens: ");
	ml_bput(b, ml_kind_name(kind));
	ml_bput(b, ": ");
}

/* One indented line of a report. */
static void ml_tline(struct ml_buf *b, const char *text)
{
	ml_bput(b, "    ");
	ml_bput(b, text);
	ml_bputc(b, '\n');
}

/* ---- TYPESTATE-VIOLATION (typestate.c; paper 003, Fig. 6) ---- */

/* The headline's WHAT: the access, or the failed assertion. */
static void ml_tsv_what(struct ml_buf *b, const struct ml_event *ev)
{
	const struct ml_tsv *v = ev->tsv;
	if (v->asserted) {
		ml_bput(b, "PCK_ASSERT(");
		ml_bhex(b, ev->p);
		ml_bput(b, ", ");
		ml_bput(b, v->asserted);
		ml_bput(b, ") failed");
		return;
	}
	ml_bput(b, ev->access == ML_ACC_WRITE ? "write" : "read");
	ml_bput(b, " of size ");
	ml_bdec(b, ev->n);
	ml_bput(b, " at ");
	ml_bhex(b, ev->p);
}

/* The rest of the message. */
static void ml_tsv_why(struct ml_buf *b, const struct ml_event *ev)
{
	const struct ml_tsv *v = ev->tsv;
	ml_bput(b, v->asserted ? "the address is in typestate " : "typestate ");
	ml_bput(b, v->observed);
	if (!v->asserted) {
		ml_bput(b, ", which this code may not ");
		ml_bput(b, ev->access == ML_ACC_WRITE ? "write" : "read");
	}
}

/* "8 bytes", "at least 65536 bytes" */
static void ml_tsv_bytes(struct ml_buf *b, uptr n)
{
	if (n >= ML_PCK_RUN_MAX)
		ml_bput(b, "at least ");
	ml_bbytes(b, n);
}

static void ml_tsv_text(struct ml_buf *b, const struct ml_event *ev, unsigned stack, unsigned tid)
{
	const struct ml_tsv *v = ev->tsv;
	ml_bput(b, "    ");
	ml_tsv_why(b, ev);
	ml_bputc(b, '\n');
	ml_bput(b, "    observed typestate ");
	ml_bput(b, v->observed);
	ml_bput(b, " at ");
	ml_bhex(b, v->at);
	ml_bputc(b, '\n');
	if (v->prev) {
		ml_bput(b, "    the address is preceded by ");
		ml_tsv_bytes(b, v->prev_bytes);
		ml_bput(b, " of typestate ");
		ml_bput(b, v->prev);
		ml_bputc(b, '\n');
	}
	if (v->offset) {
		ml_bput(b, "    the address is ");
		ml_tsv_bytes(b, v->offset);
		ml_bput(b, " into ");
	} else {
		ml_bput(b, "    the address starts ");
	}
	ml_tsv_bytes(b, v->run);
	ml_bput(b, " of typestate ");
	ml_bput(b, v->observed);
	ml_bputc(b, '\n');
	if (v->next) {
		ml_bput(b, "    this is followed by ");
		ml_tsv_bytes(b, v->next_bytes);
		ml_bput(b, " of typestate ");
		ml_bput(b, v->next);
		ml_bputc(b, '\n');
	}
	if (!v->asserted) {
		ml_bput(b, "    the typestates this code may ");
		ml_bput(b, ev->access == ML_ACC_WRITE ? "write" : "read");
		ml_bput(b, v->heavy ? " (typestate=heavy):\n" : " (typestate=light: those no annotation names are not checked):\n");
		if (!v->ngrant)
			ml_bput(b, "      none\n");
		for (unsigned i = 0; i < v->ngrant; i++) {
			const struct ml_tsv_grant *g = &v->grant[i];
			ml_bput(b, "      ");
			ml_bput(b, g->ts);
			ml_bput(b, ": ");
			ml_bput(b, g->by);
			ml_bput(b, " at ");
			ml_bput(b, g->file && *g->file ? g->file : "?");
			ml_bputc(b, ':');
			ml_bdec(b, g->line);
			ml_bput(b, " in ");
			ml_bput(b, g->site && g->site->func ? g->site->func : "?");
			ml_bputc(b, '\n');
		}
		if (v->more)
			ml_bput(b, "      and more\n");
	}
	if (v->changed) {
		ml_bput(b, "    the address last changed typestate at:\n");
		ml_tstack(b, v->changed);
	} else {
		ml_bput(b, "    the address never changed typestate\n");
	}
	ml_bput(b, "    call stack:\n");
	ml_tstack(b, stack);
	if (tid)
		ml_tthread_origin(b, tid);
}

static void ml_text(struct ml_buf *b, enum ml_kind kind, struct ml_event *ev, unsigned stack,
                    unsigned tid, int pid)
{
	const site_t *s = ev->site;
	const char *note = ml_note(ev, kind);

	ml_thead(b, pid, kind);
	if (ev->tsv)
		ml_tsv_what(b, ev);
	else
		ml_what(b, ev);
	ml_bputc(b, '\n');

	ml_bput(b, "    at ");
	if (s) {
		ml_bput(b, s->file ? s->file : "?");
		ml_bputc(b, ':');
		ml_bdec(b, s->line);
		ml_bputc(b, ':');
		ml_bdec(b, s->col);
		ml_bput(b, " in ");
		ml_bput(b, s->func ? s->func : "?");
	} else {
		ml_bput(b, "<unknown location>");
	}
	ml_bput(b, " (");
	ml_tthread(b, tid);
	ml_bput(b, ")\n");
	if (s)
		ml_tsource(b, s);
	if (ev->pc)
		ml_tpc(b, ev->pc);
	if (ev->note) {
		ml_tline(b, ev->note);
	}
	if (note) {
		ml_tline(b, note);
	}

	if (ev->leak)
		ml_tleak(b, ev->leak);
	else if (ev->tsv)
		ml_tsv_text(b, ev, stack, tid);
	else
		ml_tdetails(b, kind, ev, stack, tid);

	ml_bput(b, "SUMMARY: memlens: ");
	ml_bput(b, ml_kind_name(kind));
	if (s) {
		ml_bputc(b, ' ');
		ml_bput(b, s->file ? s->file : "?");
		ml_bputc(b, ':');
		ml_bdec(b, s->line);
		ml_bput(b, " in ");
		ml_bput(b, s->func ? s->func : "?");
	} else if (ev->fn) {
		ml_bput(b, " in ");
		ml_bput(b, ev->fn);
	}
	ml_bputc(b, '\n');
}

/* ---- JSON form ---- */

/* The first n bytes of s (up to its end) as a JSON string. */
static void ml_jstrn(struct ml_buf *b, const char *s, size_t n)
{
	ml_bputc(b, '"');
	if (s) {
		const unsigned char *end = (const unsigned char *)s + n;
		for (const unsigned char *p = (const unsigned char *)s; p < end && *p; p++) {
			unsigned char c = *p;
			if (c == '"' || c == '\\') {
				ml_bputc(b, '\\');
				ml_bputc(b, (char)c);
			} else if (c == '\n') {
				ml_bput(b, "\\n");
			} else if (c == '\t') {
				ml_bput(b, "\\t");
			} else if (c == '\r') {
				ml_bput(b, "\\r");
			} else if (c < 0x20 || c == 0x7f) {
				char u[7] = {'\\', 'u', '0', '0', "0123456789abcdef"[c >> 4],
				             "0123456789abcdef"[c & 15], 0};
				ml_bput(b, u);
			} else if (c >= 0x80) {
				/* Pass valid UTF-8 through, escape stray bytes. */
				int k = c >= 0xf0 && c < 0xf5 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 && c < 0xe0 ? 1 : -1;
				int ok = k > 0 && k < end - p;
				for (int i = 1; ok && i <= k; i++)
					ok = (p[i] & 0xc0) == 0x80;
				if (ok) {
					ml_bputn(b, (const char *)p, (size_t)k + 1);
					p += k;
				} else {
					ml_bput(b, "\\ufffd");
				}
			} else {
				ml_bputc(b, (char)c);
			}
		}
	}
	ml_bputc(b, '"');
}

static void ml_jstr(struct ml_buf *b, const char *s)
{
	ml_jstrn(b, s, s ? strlen(s) : 0);
}

static void ml_jkey(struct ml_buf *b, const char *k)
{
	ml_bputc(b, ',');
	ml_jstr(b, k);
	ml_bputc(b, ':');
}

static void ml_jaddr(struct ml_buf *b, uptr a)
{
	ml_bputc(b, '"');
	ml_bhex(b, a);
	ml_bputc(b, '"');
}

/* ml_json_lite is set when a line with its stacks would not fit the
 * buffer: the stacks are then left empty rather than the object cut. */

static void ml_jstack(struct ml_buf *b, const site_t *const *f, unsigned n)
{
	if (ml_json_lite)
		n = 0;
	ml_bputc(b, '[');
	for (unsigned i = 0; i < n; i++) {
		if (i)
			ml_bputc(b, ',');
		ml_bput(b, "{\"function\":");
		ml_jstr(b, f[i]->func);
		ml_jkey(b, "file");
		ml_jstr(b, f[i]->file);
		ml_jkey(b, "line");
		ml_bdec(b, f[i]->line);
		ml_jkey(b, "column");
		ml_bdec(b, f[i]->col);
		ml_bputc(b, '}');
	}
	ml_bputc(b, ']');
}

/* {"file","line","function","thread","stack" of an alloc or free, left
 * open for more keys. */
static void ml_jevent_open(struct ml_buf *b, unsigned stack, unsigned tid)
{
	const site_t *f[__ML_MAX_FRAMES];
	unsigned n = ml_stack_get(stack, f, __ML_MAX_FRAMES);
	ml_bput(b, "{\"file\":");
	ml_jstr(b, n ? f[0]->file : "");
	ml_jkey(b, "line");
	ml_bdec(b, n ? f[0]->line : 0);
	ml_jkey(b, "function");
	ml_jstr(b, n ? f[0]->func : "");
	ml_jkey(b, "thread");
	ml_bdec(b, tid);
	ml_jkey(b, "stack");
	ml_jstack(b, f, n);
}

/* {"file","line","function","thread","stack"} of an alloc or free. */
static void ml_jevent(struct ml_buf *b, unsigned stack, unsigned tid)
{
	ml_jevent_open(b, stack, tid);
	ml_bputc(b, '}');
}

/* "threads":[{"thread","created"}…]: the threads whose creation the text
 * tells, in its order; "created" (by which thread, where) is absent for
 * one instrumented code did not start. */
static void ml_jthreads(struct ml_buf *b, unsigned tid, const struct ml_binfo *k)
{
	unsigned v[3], n = ml_told_threads(tid, k, v);
	if (!n)
		return;
	ml_jkey(b, "threads");
	ml_bputc(b, '[');
	for (unsigned i = 0; i < n; i++) {
		unsigned parent, stack;
		if (i)
			ml_bputc(b, ',');
		ml_bput(b, "{\"thread\":");
		ml_bdec(b, v[i]);
		if (ml_thread_info(v[i], &parent, &stack)) {
			ml_jkey(b, "created");
			ml_jevent(b, stack, parent);
		}
		ml_bputc(b, '}');
	}
	ml_bputc(b, ']');
}

/* "caller":{"pc","symbol","offset","object"}: the uninstrumented code
 * that called the function reporting (ml_tpc); "" (offset "0x0") for
 * what dladdr does not know. */
static void ml_jcaller(struct ml_buf *b, uptr pc)
{
	Dl_info di;
	int known = dladdr((void *)pc, &di);
	const char *sym = known && di.dli_sname ? di.dli_sname : "";
	ml_jkey(b, "caller");
	ml_bput(b, "{\"pc\":");
	ml_jaddr(b, pc);
	ml_jkey(b, "symbol");
	ml_jstr(b, sym);
	ml_jkey(b, "offset");
	ml_jaddr(b, *sym ? pc - (uptr)di.dli_saddr : 0);
	ml_jkey(b, "object");
	ml_jstr(b, known && di.dli_fname ? di.dli_fname : "");
	ml_bputc(b, '}');
}

/* "names":[{"name","function","file","line"[,"returned":true]}…] of the
 * block in slot s, and "names_more": true when more places named it. */
static void ml_jnames(struct ml_buf *b, unsigned s)
{
	struct ml_name v[__ML_NAMES_MAX];
	int more;
	unsigned n = ml_block_names(s, v, &more);
	if (!n)
		return;
	ml_jkey(b, "names");
	ml_bputc(b, '[');
	for (unsigned i = 0; i < n; i++) {
		if (i)
			ml_bputc(b, ',');
		ml_bput(b, "{\"name\":");
		ml_jstrn(b, v[i].text, v[i].n);
		ml_jkey(b, "function");
		ml_jstr(b, v[i].site->func);
		ml_jkey(b, "file");
		ml_jstr(b, v[i].site->file);
		ml_jkey(b, "line");
		ml_bdec(b, v[i].site->line);
		if (v[i].returned) {
			ml_jkey(b, "returned");
			ml_bput(b, "true");
		}
		ml_bputc(b, '}');
	}
	ml_bputc(b, ']');
	if (more) {
		ml_jkey(b, "names_more");
		ml_bput(b, "true");
	}
}

/* The place of site s: "file":…,"line":…,"column":…,"function":… */
static void ml_jsite(struct ml_buf *b, const site_t *s)
{
	ml_bput(b, "\"file\":");
	ml_jstr(b, s ? s->file : "");
	ml_jkey(b, "line");
	ml_bdec(b, s ? s->line : 0);
	ml_jkey(b, "column");
	ml_bdec(b, s ? s->col : 0);
	ml_jkey(b, "function");
	ml_jstr(b, s ? s->func : "");
}

/* A record's first keys: kind, message, the location, access. */
static void ml_jhead(struct ml_buf *b, enum ml_kind kind, const char *msg, const site_t *s, const char *access)
{
	ml_bput(b, "{\"kind\":");
	ml_jstr(b, ml_kind_name(kind));
	ml_jkey(b, "message");
	ml_jstr(b, msg);
	ml_bput(b, ",");
	ml_jsite(b, s);
	ml_jkey(b, "access");
	ml_jstr(b, access);
}

/* " (note)" at the end of a message, when there is a note. */
static void ml_bnote(struct ml_buf *m, const char *note)
{
	if (!note)
		return;
	ml_bput(m, " (");
	ml_bput(m, note);
	ml_bput(m, ")");
}

/* One step of a chain: where, the statement, what received the value. */
static void ml_jlink(struct ml_buf *b, const site_t *s, const char *how, const char *to, unsigned tid)
{
	ml_bput(b, "{");
	ml_jsite(b, s);
	ml_jkey(b, "stmt");
	ml_jstr(b, s ? s->expr : "");
	ml_jkey(b, "to");
	ml_jstr(b, to);
	ml_jkey(b, "how");
	ml_jstr(b, how);
	ml_jkey(b, "thread");
	ml_bdec(b, tid);
}

/* "chains":[[step…]…]: each chain newest first; its last step says how
 * it ends ("origin", or "end" when memlens lost track). */
static void ml_jchains(struct ml_buf *b, const struct ml_event *ev, const site_t *at)
{
	ml_jkey(b, "chains");
	ml_bputc(b, '[');
	for (unsigned i = 0; i < ml_nchains; i++) {
		const struct ml_chain *c = &ml_chains[i];
		if (i)
			ml_bputc(b, ',');
		ml_bputc(b, '[');
		if (!c->n && c->end == ML_END_ORIGIN) /* made by the faulting statement itself */
			ml_jlink(b, at, "here", "", ml_self_id());
		for (unsigned j = 0; j < c->n; j++) {
			const struct ml_link *l = &c->link[j];
			const char *to = l->site->to ? l->site->to : "";
			unsigned sk = l->site->kind & 0xff;
			if (sk == __ML_SITE_LOSS && !*to && !l->dst)
				to = "return value";
			else if (sk == __ML_SITE_GLOBAL || sk == __ML_SITE_STATIC)
				to = l->site->expr;
			if (j)
				ml_bputc(b, ',');
			int made = j + 1 == c->n && c->end == ML_END_ORIGIN && c->undef;
			ml_jlink(b, l->site, made ? ml_gen_name(c->gen) : ml_link_kind(l), made ? "" : to, l->tid);
			if (l->repeat) {
				ml_jkey(b, "repeat");
				ml_bdec(b, l->repeat);
			}
			if (c->clock && l->clock <= c->clock) { /* (a build that counts statements) */
				ml_jkey(b, "since");
				ml_bdec(b, c->clock - l->clock);
			}
			if (j + 1 < c->n)
				ml_bputc(b, '}');
		}
		if (c->end == ML_END_ORIGIN) {
			ml_jkey(b, "origin");
			ml_jstr(b, ml_gen_name(c->gen));
		} else if (c->n || c->end != ML_END_OFF) {
			if (!c->n)
				ml_jlink(b, at, "here", "", ml_self_id());
			ml_jkey(b, "end");
			ml_jstr(b, ml_end_name(c->end));
			if (c->end == ML_END_DROPPED) {
				ml_jkey(b, "kept");
				ml_bdec(b, ML_LOAD(&ml_steps_mask) + 1);
			}
			if (c->end == ML_END_UNSEEN) {
				char d[256];
				struct ml_buf db = {d, 0, sizeof d - 1, 0};
				ml_object_desc(&db, c->slot);
				d[db.len] = 0;
				ml_jkey(b, "from");
				ml_jstr(b, d);
			}
		}
		if (c->more) {
			ml_jkey(b, "more");
			ml_bdec(b, c->more);
		}
		ml_bput(b, "}]");
	}
	ml_bputc(b, ']');
	ml_jkey(b, "chain_titles");
	ml_bputc(b, '[');
	for (unsigned i = 0; i < ml_nchains; i++) {
		if (i)
			ml_bputc(b, ',');
		ml_jstr(b, ml_chain_title[i]);
	}
	ml_bputc(b, ']');
	(void)ev;
}

static void ml_tsv_json(struct ml_buf *b, const struct ml_event *ev)
{
	const struct ml_tsv *v = ev->tsv;
	ml_jkey(b, "typestate");
	ml_bput(b, "{\"observed\":");
	ml_jstr(b, v->observed);
	ml_jkey(b, "at");
	ml_jaddr(b, v->at);
	ml_jkey(b, "asserted");
	ml_jstr(b, v->asserted ? v->asserted : "");
	ml_jkey(b, "mode");
	ml_jstr(b, v->heavy ? "heavy" : "light");
	ml_jkey(b, "offset");
	ml_bdec(b, v->offset);
	ml_jkey(b, "bytes");
	ml_bdec(b, v->run);
	ml_jkey(b, "preceded_by");
	ml_jstr(b, v->prev ? v->prev : "");
	ml_jkey(b, "preceded_bytes");
	ml_bdec(b, v->prev_bytes);
	ml_jkey(b, "followed_by");
	ml_jstr(b, v->next ? v->next : "");
	ml_jkey(b, "followed_bytes");
	ml_bdec(b, v->next_bytes);
	ml_jkey(b, "permitted");
	ml_bputc(b, '[');
	for (unsigned i = 0; i < v->ngrant; i++) {
		const struct ml_tsv_grant *g = &v->grant[i];
		if (i)
			ml_bputc(b, ',');
		ml_bput(b, "{\"typestate\":");
		ml_jstr(b, g->ts);
		ml_jkey(b, "by");
		ml_jstr(b, g->by);
		ml_jkey(b, "function");
		ml_jstr(b, g->site && g->site->func ? g->site->func : "");
		ml_jkey(b, "file");
		ml_jstr(b, g->file ? g->file : "");
		ml_jkey(b, "line");
		ml_bdec(b, g->line);
		ml_bputc(b, '}');
	}
	ml_bputc(b, ']');
	if (v->more) {
		ml_jkey(b, "permitted_more");
		ml_bput(b, "true");
	}
	ml_jkey(b, "changed");
	const site_t *f[__ML_MAX_FRAMES];
	ml_jstack(b, f, ml_stack_get(v->changed, f, __ML_MAX_FRAMES));
	ml_bputc(b, '}');
}

static void ml_json(struct ml_buf *b, enum ml_kind kind, struct ml_event *ev, unsigned stack,
                    unsigned tid, int pid)
{
	const site_t *s = ev->site;
	const struct ml_binfo *k = ml_event_block(ev);
	const char *note = ml_note(ev, kind);
	char mbuf[1024];
	struct ml_buf m = {mbuf, 0, sizeof mbuf - 1, 0};

	if (ev->tsv) {
		ml_tsv_what(&m, ev);
		ml_bput(&m, ": ");
		ml_tsv_why(&m, ev);
	} else {
		ml_what(&m, ev);
		ml_bput(&m, ": ");
	}
	if (ev->tsv) {
	} else if (ev->leak) {
		ml_bput(&m, ml_leak_why(ev->leak));
	} else {
		if (kind == ML_NULL_POINTER_DEREF || k->known) {
			ml_bhex(&m, ev->p);
			ml_bput(&m, " is ");
		}
		ml_where(&m, ev, kind);
	}
	ml_bnote(&m, ev->note);
	ml_bnote(&m, note);
	mbuf[m.len] = 0;
	ml_jhead(b, kind, mbuf, s, ml_access_name(ev->access));
	ml_jkey(b, "size");
	ml_bdec(b, ev->n);
	ml_jkey(b, "address");
	ml_jaddr(b, ev->p);
	ml_jkey(b, "expr");
	ml_jstr(b, s ? s->expr : "");
	ml_jkey(b, "thread");
	ml_bdec(b, tid);
	ml_jkey(b, "pid");
	ml_bdec(b, (uint64_t)pid);
	ml_jkey(b, "stack");
	{
		const site_t *f[__ML_MAX_FRAMES];
		unsigned n = ml_stack_get(stack, f, __ML_MAX_FRAMES);
		ml_jstack(b, f, n);
	}
	if (ev->note || note) {
		ml_jkey(b, "notes");
		ml_bputc(b, '[');
		if (ev->note)
			ml_jstr(b, ev->note);
		if (ev->note && note)
			ml_bputc(b, ',');
		if (note)
			ml_jstr(b, note);
		ml_bputc(b, ']');
	}
	if (ev->pc)
		ml_jcaller(b, ev->pc);
	ml_jthreads(b, tid, ml_told_heap_block(kind, ev));
	if (ev->arr) {
		const struct __ml_array *a = ev->arr;
		ml_jkey(b, "array");
		ml_bput(b, "{\"name\":");
		ml_jstr(b, a->name);
		ml_jkey(b, "owner");
		ml_jstr(b, a->owner);
		ml_jkey(b, "type");
		ml_jstr(b, a->type);
		ml_jkey(b, "length");
		ml_bdec(b, a->len);
		ml_jkey(b, "index");
		ml_bsdec(b, (int64_t)ev->index);
		ml_jkey(b, "elem_size");
		ml_bdec(b, a->elem);
		ml_jkey(b, "decl");
		ml_bput(b, "{\"file\":");
		ml_jstr(b, a->file);
		ml_jkey(b, "line");
		ml_bdec(b, a->line);
		ml_bput(b, "}}");
	}
	if (kind != ML_NULL_POINTER_DEREF && k->known) {
		ml_jkey(b, "block");
		ml_bput(b, "{\"id\":");
		ml_bdec(b, k->id);
		ml_jkey(b, "size");
		ml_bdec(b, k->size);
		ml_jkey(b, "offset");
		ml_bsdec(b, (int64_t)(ev->p - k->base));
		ml_jkey(b, "kind");
		const site_t *decl[1];
		const site_t *d = k->kind == __ML_KIND_GLOBAL || k->kind == __ML_KIND_STACK
		                          ? (ml_stack_get(k->alloc_stack, decl, 1) ? decl[0] : 0)
		                          : 0;
		int literal = d && (d->kind & 0xff) == __ML_SITE_LITERAL;
		ml_jstr(b, literal                          ? "literal"
		           : k->kind == __ML_KIND_GLOBAL ? "global"
		           : k->kind == __ML_KIND_STACK  ? "stack"
		                                         : "heap");
		if (k->kind == __ML_KIND_GLOBAL || k->kind == __ML_KIND_STACK) {
			ml_jkey(b, "name");
			ml_jstr(b, d ? d->expr : "");
		}
		if (k->readonly) {
			ml_jkey(b, "readonly");
			ml_bput(b, "true");
		}
		ml_jkey(b, "alloc");
		ml_jevent(b, k->alloc_stack, k->alloc_tid);
		if (k->freed && k->kind != __ML_KIND_STACK) {
			ml_jkey(b, "free");
			ml_jevent_open(b, k->free_stack, k->free_tid);
			if (k->by_realloc) {
				ml_jkey(b, "by_realloc");
				ml_bput(b, "true");
			}
			ml_bputc(b, '}');
		}
		if (!ev->leak && ml_names_of(k)) /* (a leak's are the record's) */
			ml_jnames(b, k->slot);
		ml_bputc(b, '}');
	}
	if (ev->leak) {
		ml_jkey(b, "leak");
		ml_jstr(b, ev->leak->how);
		ml_jkey(b, "when");
		ml_jstr(b, ev->leak->asker ? "check" : ev->leak->run ? "run" : "exit");
		if (ev->leak->asker) {
			ml_jkey(b, "check");
			ml_jstr(b, ev->leak->asker);
		}
		ml_jkey(b, "blocks");
		ml_bdec(b, ev->leak->blocks);
		if (ev->leak->lost) {
			const site_t *ls = ev->leak->lost;
			const char *rhs;
			size_t nv = ml_loss_var(ls, &rhs);
			ml_jkey(b, "lost");
			ml_bput(b, "{\"file\":");
			ml_jstr(b, ls->file);
			ml_jkey(b, "line");
			ml_bdec(b, ls->line);
			ml_jkey(b, "function");
			ml_jstr(b, ls->func);
			ml_jkey(b, "how");
			ml_jstr(b, ev->leak->lost_how);
			if (ev->leak->via) {
				ml_jkey(b, "via");
				ml_jstr(b, ev->leak->via);
			}
			if (ev->leak->jumped) {
				ml_jkey(b, "jumped");
				ml_bput(b, "true");
			}
			ml_jkey(b, "expr");
			ml_jstr(b, ls->expr);
			ml_jkey(b, "variable");
			struct ml_name v[__ML_NAMES_MAX];
			if (!nv && strcmp(ev->leak->lost_how, "scope-exit") == 0 &&
			    ml_returning_vars(ev->leak, v) == 1)
				ml_jstrn(b, v[0].text, v[0].n);
			else
				ml_jstrn(b, ls->expr, nv);
			ml_bputc(b, '}');
			ml_jkey(b, "depth");
			ml_bdec(b, ev->leak->depth);
			if (ev->leak->cycle) {
				ml_jkey(b, "cycle");
				ml_bdec(b, ev->leak->cycle);
			}
		}
		if (ev->leak->slot)
			ml_jnames(b, ev->leak->slot);
		if (ev->leak->untracked) {
			ml_jkey(b, "untracked");
			ml_bput(b, "true");
		}
		ml_jkey(b, "alloc");
		ml_jevent(b, ev->leak->stack, ev->leak->tid);
	}
	if (ev->tsv)
		ml_tsv_json(b, ev);
	if (ml_nchains)
		ml_jchains(b, ev, s);
	struct ml_orig o;
	if (kind == ML_UNINITIALIZED_READ && ml_event_origin(ev, &o)) {
		ml_jkey(b, "origin");
		ml_bput(b, "{\"kind\":");
		ml_jstr(b, o.kind == __ML_KIND_HEAP ? "heap" : o.kind == __ML_KIND_GLOBAL ? "global" : "stack");
		ml_jkey(b, "name");
		ml_jstr(b, o.name ? o.name : "");
		ml_jkey(b, "id");
		ml_bdec(b, o.id);
		ml_jkey(b, "size");
		ml_bdec(b, o.size);
		ml_jkey(b, "alloc");
		ml_jevent(b, o.stack, o.tid);
		ml_bputc(b, '}');
	}
	ml_bput(b, "}\n");
}

/* ---- output ---- */


static int ml_open_log(const char *path, int pid, int with_pid)
{
	char name[4200];
	struct ml_buf b = {name, 0, sizeof name - 1, 0};
	ml_bput(&b, path);
	if (with_pid) {
		ml_bputc(&b, '.');
		ml_bdec(&b, (uint64_t)pid);
	}
	name[b.len] = 0;
	return open(name, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
}

/* Write a text report where log_path says (stderr by default); the caller
 * holds the report lock. */
static void ml_write_text(const char *buf, size_t n, int pid)
{
	int fd = -1;
	if (ml_flags.log_path[0])
		fd = ml_open_log(ml_flags.log_path, pid, 1);
	ml_write_all(fd >= 0 ? fd : ml_stderr(), buf, n);
	if (fd >= 0)
		close(fd);
}

/* The calling thread's stack, as reports show it (asan.c's
 * __sanitizer_print_stack_trace): not a report, so no exit status. */
void ml_print_stack(void)
{
	if (ml_tls.in_report || ML_LOAD(&ml_damage))
		return;
	int pid = getpid();
	ml_report_lock();
	struct ml_buf t = {ml_tbuf, 0, sizeof ml_tbuf, 0};
	ml_bput(&t, "==");
	ml_bdec(&t, (uint64_t)pid);
	ml_bput(&t, "== memlens: stack of ");
	ml_tthread(&t, ml_self_id());
	ml_bput(&t, "\n");
	ml_tstack(&t, ml_stack_capture(ml_caller_site()));
	ml_write_text(ml_tbuf, t.len, pid);
	ml_report_unlock();
}

void ml_report(enum ml_kind kind, struct ml_event *ev)
{
	if (!ev->leak) { /* (for signals.c: the fault this access may cause next) */
		ml_tls.last_set = 1;
		ml_tls.last_p = ev->p;
		ml_tls.last_n = ev->n;
		ml_tls.last_depth = __ml_t.depth;
		ml_tls.last_frame = ml_caller_site();
	}
	if (ml_tls.in_report || ML_LOAD(&ml_damage))
		return;
	ml_tls.in_report = 1;
	int e = errno;

	ml_report_lock();
	uptr key = ev->site ? (uptr)ev->site : ev->pc;
	if (!ml_flags.halt_on_error && !ev->leak && ml_seen_before(kind, key)) {
		ml_report_unlock();
		ml_tls.in_report = 0;
		errno = e;
		return;
	}
	/* (after the cheap way out: a loop hitting a bug reported already
	 * pays no signal mask saved) */
	sigjmp_buf jb;
	ML_COLD_GUARD(jb, outer)
	{
		ml_report_unlock();
		ml_tls.in_report = 0;
		errno = e;
		return;
	}
	int pid = getpid();
	/* a leak is told where its blocks were allocated */
	unsigned tid = ev->leak ? ev->leak->tid : ml_self_id();
	unsigned stack = ev->leak ? ev->leak->stack : ml_stack_capture(ev->site);
	if (!ev->leak && ml_suppressed(kind, stack)) { /* (a leak's were judged by the leak check) */
		ML_COLD_UNGUARD(outer);
		ml_report_unlock();
		ml_tls.in_report = 0;
		errno = e;
		return;
	}
	ml_errors = 1;

	ml_chains_collect(kind, ev);
	struct ml_buf t = {ml_tbuf, 0, sizeof ml_tbuf, 0};
	ml_text(&t, kind, ev, stack, tid, pid);
	if (t.trunc) {
		static const char cut[] = "    [report truncated]\n";
		t.len = sizeof ml_tbuf - sizeof cut;
		memcpy(ml_tbuf + t.len, cut, sizeof cut - 1);
		t.len += sizeof cut - 1;
	}
	ml_write_text(ml_tbuf, t.len, pid);

	if (ml_flags.log_json[0]) {
		struct ml_buf j = {ml_jbuf, 0, sizeof ml_jbuf, 0};
		ml_json(&j, kind, ev, stack, tid, pid);
		/* A line that did not fit would be invalid JSON: skip the
		 * stacks rather than cut the object. */
		if (j.trunc) {
			ml_json_lite = 1;
			j.len = 0;
			j.trunc = 0;
			ml_json(&j, kind, ev, stack, tid, pid);
			ml_json_lite = 0;
		}
		int jfd = ml_open_log(ml_flags.log_json, pid, 0);
		if (jfd >= 0) {
			if (!j.trunc)
				ml_write_all(jfd, ml_jbuf, j.len);
			close(jfd);
		}
	}
	ML_COLD_UNGUARD(outer);
	ml_report_unlock();

	if (ml_flags.break_on_error)
		ml_break();
	if (ml_flags.halt_on_error) {
		fflush(NULL);
		ml_graph_flush();
		_exit(ml_flags.exitcode);
	}
	ml_tls.in_report = 0;
	errno = e;
}

/* ---- fatal signals (signals.c) ---- */

/* "FILE:LINE in FUNC", "FILE in FUNC" (line unknown), "FUNC" (file
 * unknown) or "<unknown location>". */
static void ml_fault_place(struct ml_buf *b, const site_t *s)
{
	if (!s) {
		ml_bput(b, "<unknown location>");
		return;
	}
	if (s->file && *s->file) {
		ml_bput(b, s->file);
		if (s->line) {
			ml_bputc(b, ':');
			ml_bdec(b, s->line);
		}
		ml_bput(b, " in ");
	}
	ml_bput(b, s->func && *s->func ? s->func : "?");
}

static void ml_fault_text(struct ml_buf *b, enum ml_kind kind, const struct ml_fault *f,
                          unsigned tid, int pid)
{
	ml_thead(b, pid, kind);
	ml_bput(b, f->what);
	ml_bput(b, "\n    at ");
	ml_fault_place(b, f->site);
	ml_bput(b, " (");
	ml_tthread(b, tid);
	ml_bput(b, ")\n");
	if (f->site)
		ml_tsource(b, f->site);
	if (f->code[0]) {
		ml_tline(b, f->code);
	}
	if (f->note[0]) {
		ml_tline(b, f->note);
	}
	ml_bput(b, "    ");
	ml_bput(b, f->why);
	ml_bput(b, "\n    the program dies of ");
	ml_bput(b, f->signame);
	ml_bput(b, ", as it would without memlens\n    call stack:\n");
	ml_tstack(b, f->stack);
	if (tid)
		ml_tthread_origin(b, tid);
	ml_bput(b, "SUMMARY: memlens: ");
	ml_bput(b, ml_kind_name(kind));
	if (f->site) {
		ml_bputc(b, ' ');
		ml_fault_place(b, f->site);
	}
	ml_bputc(b, '\n');
}

static void ml_fault_json(struct ml_buf *b, enum ml_kind kind, const struct ml_fault *f,
                          unsigned tid, int pid)
{
	char mbuf[1024];
	struct ml_buf m = {mbuf, 0, sizeof mbuf - 1, 0};
	ml_bput(&m, f->what);
	ml_bput(&m, ": ");
	ml_bput(&m, f->why);
	ml_bnote(&m, f->code[0] ? f->code : 0);
	mbuf[m.len] = 0;
	ml_jhead(b, kind, mbuf, f->site, f->access);
	ml_jkey(b, "size");
	ml_bdec(b, 0);
	ml_jkey(b, "address");
	ml_jaddr(b, f->addr);
	ml_jkey(b, "expr");
	ml_jstr(b, f->site ? f->site->expr : "");
	ml_jkey(b, "thread");
	ml_bdec(b, tid);
	ml_jkey(b, "pid");
	ml_bdec(b, (uint64_t)pid);
	ml_jkey(b, "stack");
	{
		const site_t *fr[__ML_MAX_FRAMES];
		unsigned n = ml_stack_get(f->stack, fr, __ML_MAX_FRAMES);
		ml_jstack(b, fr, n);
	}
	ml_jkey(b, "signal");
	ml_jstr(b, f->signame);
	ml_jkey(b, "signal_code");
	ml_jstr(b, f->codename);
	ml_jkey(b, "pc");
	ml_jaddr(b, f->pc);
	ml_jkey(b, "code_location");
	ml_jstr(b, f->code);
	ml_jkey(b, "location_note");
	ml_jstr(b, f->note);
	ml_jthreads(b, tid, 0);
	if (kind == ML_STACK_OVERFLOW) {
		ml_jkey(b, "stack_size");
		ml_bdec(b, f->stack_size);
		ml_jkey(b, "recursion");
		ml_bput(b, "{\"function\":");
		ml_jstr(b, f->nrec ? f->rec[0] : "");
		ml_jkey(b, "cycle");
		ml_bputc(b, '[');
		for (unsigned i = 0; i < f->nrec; i++) {
			if (i)
				ml_bputc(b, ',');
			ml_jstr(b, f->rec[i]);
		}
		ml_bputc(b, ']');
		ml_jkey(b, "depth");
		ml_bdec(b, f->depth);
		ml_bputc(b, '}');
	}
	ml_bput(b, "}\n");
}

int ml_report_fault(enum ml_kind kind, const struct ml_fault *f)
{
	/* The lock, without waiting for ever: its holder may be the code the
	 * signal stopped (another thread's report cannot take long). */
	unsigned tries = 0;
	while (__atomic_exchange_n(&ml_rlock, 1, __ATOMIC_ACQUIRE)) {
		if (++tries > 3000) { /* ~3 s */
			ml_printf("==%d== memlens: %s, but memlens's report lock stays held (the signal stopped "
			          "memlens itself, or its state is damaged): no report\n",
			          (int)getpid(), f->signame);
			return 0;
		}
		struct timespec ts = {0, 1000000};
		nanosleep(&ts, 0);
	}
	ml_rt_enter(); /* (what ml_report_lock does, left by ml_report_unlock) */
	ml_tls.in_report = 1;
	if (ml_suppressed(kind, f->stack)) {
		ml_tls.in_report = 0;
		ml_report_unlock();
		return 0;
	}
	ml_errors = 1;
	int pid = getpid();
	unsigned tid = ml_self_id();
	struct ml_buf t = {ml_tbuf, 0, sizeof ml_tbuf, 0};
	ml_fault_text(&t, kind, f, tid, pid);
	ml_write_text(ml_tbuf, t.len, pid);
	if (ml_flags.log_json[0]) {
		struct ml_buf j = {ml_jbuf, 0, sizeof ml_jbuf, 0};
		ml_fault_json(&j, kind, f, tid, pid);
		if (j.trunc) {
			ml_json_lite = 1;
			j.len = 0;
			j.trunc = 0;
			ml_fault_json(&j, kind, f, tid, pid);
			ml_json_lite = 0;
		}
		int jfd = ml_open_log(ml_flags.log_json, pid, 0);
		if (jfd >= 0) {
			if (!j.trunc)
				ml_write_all(jfd, ml_jbuf, j.len);
			close(jfd);
		}
	}
	ml_tls.in_report = 0;
	ml_report_unlock();
	return 1;
}

static void ml_summary_line(struct ml_buf *b, const char *what, const uint64_t c[2])
{
	ml_bput(b, "    ");
	ml_bput(b, what);
	ml_bblocks(b, c[0], c[1]);
	ml_bputc(b, '\n');
}

void ml_leak_summary(const struct ml_leak_sum *sum)
{
	if (ML_LOAD(&ml_damage))
		return; /* (its counts came from damaged records) */
	char buf[8192];
	struct ml_buf b = {buf, 0, sizeof buf, 0};
	ml_bput(&b, "==");
	ml_bdec(&b, (uint64_t)getpid());
	ml_bput(&b, "== memlens: LEAK SUMMARY:");
	if (sum->asker) {
		ml_bput(&b, " when the program called ");
		ml_bput(&b, sum->asker);
	}
	ml_bputc(&b, '\n');
	ml_summary_line(&b, "definitely lost: ", sum->definite);
	ml_summary_line(&b, "indirectly lost: ", sum->indirect);
	ml_summary_line(&b, "  possibly lost: ", sum->possible);
	ml_summary_line(&b, "still reachable: ", sum->reachable);
	if (sum->suppressed[1])
		ml_summary_line(&b, "     suppressed: ", sum->suppressed);
	if (sum->run[1])
		ml_summary_line(&b, "lost during the run (reported where lost): ", sum->run);
	for (unsigned i = 0; i < sum->nsites; i++) {
		const site_t *f[1];
		ml_bput(&b, "      ");
		ml_bblocks(&b, sum->site[i].bytes, sum->site[i].blocks);
		if (sum->site[i].foreign)
			ml_bput(&b, " libc (or code built without memlens) allocated for itself");
		if (ml_stack_get(sum->site[i].stack, f, 1)) {
			ml_bput(&b, sum->site[i].foreign ? " under " : " allocated at ");
			ml_bput(&b, f[0]->func ? f[0]->func : "?");
			ml_bputc(&b, ' ');
			ml_bput(&b, f[0]->file ? f[0]->file : "?");
			ml_bputc(&b, ':');
			ml_bdec(&b, f[0]->line);
		} else if (!sum->site[i].foreign) {
			ml_bput(&b, " allocated outside instrumented code");
		}
		ml_bputc(&b, '\n');
	}
	if (sum->more) {
		ml_bput(&b, "      (and ");
		ml_bdec(&b, sum->more);
		ml_bput(&b, " smaller allocation sites)\n");
	}
	ml_report_lock();
	ml_write_text(buf, b.len, getpid());
	ml_report_unlock();
}

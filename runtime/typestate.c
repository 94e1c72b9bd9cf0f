/* typestate.c: typestate checking for memory managers (paper 003,
 * docs/TYPESTATE.md).
 *
 * The program's allocator says what its memory is (pck_put and the
 * generated transitions: a typestate id per byte, in the map memlens.h
 * describes) and which typestates each function may read or write (the
 * annotations, pushed on the thread's stack of grants as the function
 * starts and popped at each of its exits: a callee inherits its caller's
 * grants, §4.5). Accesses of units that include the generated header are
 * checked (__ml_pck_chk); one without the permission is a
 * TYPESTATE-VIOLATION. typestate=light (the default) checks only the
 * typestates some annotation of the program names (§4.6.2); typestate=heavy
 * checks every access, UNMAPPED included (§4.6.3).
 */
#include "internal.h"

#include <string.h>
#include <sys/mman.h>

/* The generated header's struct __ml_pck_ann (internal/typestate/gen.go). */
struct ml_pck_ann {
	unsigned perm; /* ML_PCK_ANN_* */
	unsigned n;
	const unsigned short *ts;
	const char *file;
	unsigned line;
	const char *text;
};
#define ML_PCK_ANN_R    1u
#define ML_PCK_ANN_W    2u
#define ML_PCK_ANN_NONE 4u
/* pck_protect's permissions (PCK_PERM_R, PCK_PERM_W) */
#define ML_PCK_PERM_R 1u
#define ML_PCK_PERM_W 2u

#define ML_PCK_CHUNK   (1UL << __ML_PCK_CHUNK_SHIFT)
#define ML_PCK_DIR_N   (1UL << __ML_PCK_DIR_BITS)
#define ML_PCK_WORDS   4 /* 256 typestates */
/* A chunk: the ids (and 8 bytes the checks read past the last), the
 * stack where each 8-byte word last changed typestate, and per 256 bytes
 * the id all its bytes have (ML_PCK_MIXED: not all the same), so
 * that a transition over a large block (a free chunk's interior, again
 * and again as it is split) writes only the pages that change. */
#define ML_PCK_IDS     (ML_PCK_CHUNK + 64)
#define ML_PCK_STACKS  ((ML_PCK_CHUNK / 8) * sizeof(unsigned))
#define ML_PCK_PAGE    8
#define ML_PCK_PAGES   (ML_PCK_CHUNK >> ML_PCK_PAGE)
#define ML_PCK_MIXED   0xffffu
#define ML_PCK_CHUNK_BYTES (ML_PCK_IDS + ML_PCK_STACKS + ML_PCK_PAGES * sizeof(uint16_t))

/* The annotations of the program (each unit puts its records' addresses
 * in this section; the linker names its ends). */
extern const struct ml_pck_ann *const __start___ml_pck_anns[] __attribute__((weak));
extern const struct ml_pck_ann *const __stop___ml_pck_anns[] __attribute__((weak));

/* What an annotation does to a frame's permissions, computed once when
 * the layout comes: perm[w][i] = perm[w][i] & keep[i] | set[w][i]. */
struct ml_pck_mask {
	const struct ml_pck_ann *ann;
	uint64_t keep[ML_PCK_WORDS];
	uint64_t set[2][ML_PCK_WORDS];
};

/* A frame of a thread's stack of grants. */
struct ml_pck_frame {
	uint64_t perm[2][ML_PCK_WORDS];   /* [0] read, [1] write: one bit per typestate */
	const struct ml_pck_ann *ann;     /* what it granted: an annotation, or NULL for pck_protect */
	const site_t *site;               /* the annotated function, or where pck_protect was called */
	unsigned ts, perms;               /* pck_protect's */
};
#define ML_PCK_DEPTH 128
/* Frames kept of where memory changed typestate: transitions are frequent
 * (every allocation and free), and the report shows the access's own
 * stack in full. */
#define ML_PCK_STACK_DEPTH 4
/* f[0] is the code no annotation covers; a grant past the last frame
 * is applied to the last (recursion that deep keeps its deepest grants
 * until it returns below). */
struct ml_pck_thread {
	unsigned depth;
	int ready;       /* f[0] and __ml_pck_perm are set */
	unsigned layout; /* the layout count f[0] was made for */
	struct ml_pck_frame f[ML_PCK_DEPTH];
};
static __thread struct ml_pck_thread ml_pck_t;
/* What a thread may do before ml_pck_self set it up: nothing, so its first
 * check takes the slow path, which does. */
static const unsigned long ml_pck_unset[2 * ML_PCK_WORDS];
__thread const unsigned long *__ml_pck_perm __attribute__((tls_model("initial-exec"))) = ml_pck_unset;

struct ml_pck_state {
	unsigned layouts;         /* layouts registered (1, or 0 before the first): ml_pck_on */
	const char *const *names; /* "PCK_…" by id */
	unsigned n;
	unsigned long hash;
	int mixed;                /* units of another layout were told */
	uint64_t named[ML_PCK_WORDS];     /* typestates an annotation names */
	uint64_t base[2][ML_PCK_WORDS];   /* f[0]'s permissions */
	int dir_lock;
	struct ml_pck_mask *masks;        /* by ml_pck_slot of the annotation */
	unsigned mask_bits;               /* log2 of their number */
};
_Static_assert(sizeof(struct ml_pck_state) <= ML_ST_TYPESTATE_END - ML_ST_TYPESTATE, "fits its part");
#define ml_pck (ML_STATE_AT(struct ml_pck_state, ML_ST_TYPESTATE))

static int ml_bit(const uint64_t *v, unsigned id) { return (int)(v[id >> 6] >> (id & 63) & 1); }
static void ml_set_bit(uint64_t *v, unsigned id, int on)
{
	if (on)
		v[id >> 6] |= 1ULL << (id & 63);
	else
		v[id >> 6] &= ~(1ULL << (id & 63));
}

const char *ml_pck_name(unsigned id)
{
	if (id == 0)
		return "PCK_UNMAPPED";
	return id < ml_pck.n ? ml_pck.names[id] : "?";
}

/* The thread's stack, set up (again, when a layout came since). */
static struct ml_pck_thread *ml_pck_self(void)
{
	struct ml_pck_thread *t = &ml_pck_t;
	if (t->ready && t->layout == ml_pck.layouts)
		return t;
	if (t->depth == 0 || !t->ready) {
		t->depth = 0;
		memset(&t->f[0], 0, sizeof t->f[0]);
		if (ml_pck.layouts)
			memcpy(t->f[0].perm, ml_pck.base, sizeof ml_pck.base);
		else /* no layout yet: nothing is checked */
			memset(t->f[0].perm, 0xff, sizeof t->f[0].perm);
	}
	t->layout = ml_pck.layouts;
	t->ready = 1;
	__ml_pck_perm = (const unsigned long *)t->f[t->depth].perm;
	return t;
}

/* The annotation's place in the open-addressed table ml_pck.masks. */
static struct ml_pck_mask *ml_pck_slot(const struct ml_pck_ann *a)
{
	uptr mask = (1UL << ml_pck.mask_bits) - 1;
	uptr i = (uptr)((uptr)a * 0x9E3779B97F4A7C15ULL >> (64 - ml_pck.mask_bits));
	while (ml_pck.masks[i].ann && ml_pck.masks[i].ann != a)
		i = (i + 1) & mask;
	return &ml_pck.masks[i];
}

static void ml_pck_make_mask(struct ml_pck_mask *m, const struct ml_pck_ann *a)
{
	m->ann = a;
	memset(m->keep, 0xff, sizeof m->keep);
	for (unsigned i = 0; i < a->n; i++) {
		unsigned id = a->ts[i];
		if (id >= 64 * ML_PCK_WORDS)
			continue;
		if (a->perm == ML_PCK_ANN_NONE) {
			ml_set_bit(m->keep, id, 0);
			ml_set_bit(m->set[0], id, 0);
			ml_set_bit(m->set[1], id, 0);
			continue;
		}
		if (a->perm & ML_PCK_ANN_R)
			ml_set_bit(m->set[0], id, 1);
		if (a->perm & ML_PCK_ANN_W)
			ml_set_bit(m->set[1], id, 1);
	}
}

/* The masks of all annotations (a table twice their number, at least). */
static void ml_pck_make_masks(void)
{
	uptr n = __start___ml_pck_anns ? (uptr)(__stop___ml_pck_anns - __start___ml_pck_anns) : 0;
	unsigned bits = 1;
	while ((1UL << bits) < 2 * n)
		bits++;
	void *m = mmap(0, sizeof(struct ml_pck_mask) << bits, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return; /* __ml_pck_enter computes each grant itself */
	ml_pck.masks = m;
	ml_pck.mask_bits = bits;
	for (uptr k = 0; k < n; k++)
		ml_pck_make_mask(ml_pck_slot(__start___ml_pck_anns[k]), __start___ml_pck_anns[k]);
}

void __ml_pck_layout(const char *const *names, unsigned n, unsigned long hash)
{
	if (ml_pck.layouts) {
		if (hash != ml_pck.hash && !ml_pck.mixed) {
			ml_pck.mixed = 1;
			ml_printf("==%d== memlens: units of this program were built from different typestate layouts; "
			          "the first one's names are used\n", (int)getpid());
		}
		return;
	}
	ml_pck.names = names;
	ml_pck.n = n;
	ml_pck.hash = hash;
	if (__start___ml_pck_anns)
		for (const struct ml_pck_ann *const *a = __start___ml_pck_anns; a < __stop___ml_pck_anns; a++)
			for (unsigned i = 0; i < (*a)->n; i++)
				if ((*a)->ts[i] < 64 * ML_PCK_WORDS)
					ml_set_bit(ml_pck.named, (*a)->ts[i], 1);
	for (unsigned w = 0; w < ML_PCK_WORDS; w++) {
		uint64_t light = ml_flags.typestate_heavy ? 0 : ~ml_pck.named[w];
		ml_pck.base[0][w] = ml_pck.base[1][w] = light;
	}
	ml_pck_make_masks();
	__atomic_store_n(&ml_pck.layouts, 1, __ATOMIC_RELEASE);
	ml_pck_self();
}

/* Push a copy of the innermost frame (or, at the stack's limit, return
 * the innermost itself). */
static struct ml_pck_frame *ml_pck_push(struct ml_pck_thread *t, int *pushed)
{
	if (t->depth + 1 >= ML_PCK_DEPTH)
		return &t->f[t->depth];
	struct ml_pck_frame *f = &t->f[t->depth + 1];
	memcpy(f->perm, t->f[t->depth].perm, sizeof f->perm);
	(*pushed)++;
	return f;
}

/* The frame f is complete: make it the thread's permissions (a signal
 * handler running now sees either the old frame or this one). */
static void ml_pck_publish(struct ml_pck_thread *t, int pushed)
{
	t->depth += (unsigned)pushed;
	__ml_pck_perm = (const unsigned long *)t->f[t->depth].perm;
}

int __ml_pck_enter(const void *const *anns, unsigned n, const site_t *fn)
{
	struct ml_pck_thread *t = ml_pck_self();
	int total = 0;
	for (unsigned k = 0; k < n; k++) {
		const struct ml_pck_ann *a = anns[k];
		struct ml_pck_mask own, *m = ml_pck.masks ? ml_pck_slot(a) : &own;
		if (m->ann != a) /* no table, or an annotation of a unit loaded since */
			memset(&own, 0, sizeof own), ml_pck_make_mask(m = &own, a);
		int pushed = t->depth + 1 < ML_PCK_DEPTH;
		const struct ml_pck_frame *from = &t->f[t->depth];
		struct ml_pck_frame *f = &t->f[t->depth + pushed];
#pragma GCC unroll 8
		for (unsigned i = 0; i < 2 * ML_PCK_WORDS; i++)
			f->perm[i / ML_PCK_WORDS][i % ML_PCK_WORDS] =
			    (from->perm[i / ML_PCK_WORDS][i % ML_PCK_WORDS] & m->keep[i % ML_PCK_WORDS]) |
			    m->set[i / ML_PCK_WORDS][i % ML_PCK_WORDS];
		if (pushed) {
			f->ann = a;
			f->site = fn;
		}
		ml_pck_publish(t, pushed); /* before the next frame copies it */
		total += pushed;
	}
	return total;
}

void __ml_pck_leave(int *pushed)
{
	struct ml_pck_thread *t = &ml_pck_t;
	unsigned n = (unsigned)*pushed;
	t->depth -= n <= t->depth ? n : t->depth;
	__ml_pck_perm = (const unsigned long *)t->f[t->depth].perm;
}

unsigned __ml_pck_depth(void)
{
	return ml_pck_t.depth;
}

void __ml_pck_unwind(unsigned depth)
{
	struct ml_pck_thread *t = &ml_pck_t;
	if (depth < t->depth) {
		t->depth = depth;
		__ml_pck_perm = (const unsigned long *)t->f[depth].perm;
	}
}

void __ml_pck_protect(unsigned ts, unsigned perms)
{
	struct ml_pck_thread *t = ml_pck_self();
	int pushed = 0;
	struct ml_pck_frame *f = ml_pck_push(t, &pushed);
	if (pushed) {
		f->ann = 0;
		f->site = ml_caller_site();
		f->ts = ts;
		f->perms = perms;
	}
	if (ts < 64 * ML_PCK_WORDS) {
		ml_set_bit(f->perm[0], ts, (perms & ML_PCK_PERM_R) != 0);
		ml_set_bit(f->perm[1], ts, (perms & ML_PCK_PERM_W) != 0);
	}
	ml_pck_publish(t, pushed);
}

void __ml_pck_unprotect(void)
{
	struct ml_pck_thread *t = ml_pck_self();
	if (t->depth)
		t->depth--;
	__ml_pck_perm = (const unsigned long *)t->f[t->depth].perm;
}

/* ---- the map ---- */

void ml_pck_init(void)
{
	ml_map_fixed((uptr)__ML_PCK_DIR, ML_PCK_DIR_N * sizeof *__ML_PCK_DIR, "typestate directory");
}

/* The chunk of a's ids; made when make is set, else NULL if none. */
static unsigned char *ml_pck_chunk(uptr a, int make)
{
	unsigned char **slot = (unsigned char **)&__ML_PCK_DIR[(a >> __ML_PCK_CHUNK_SHIFT) & (ML_PCK_DIR_N - 1)];
	unsigned char *c = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
	if (c || !make)
		return c;
	void *m = mmap(0, ML_PCK_CHUNK_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m == MAP_FAILED)
		return 0;
	if (__atomic_compare_exchange_n(slot, &c, (unsigned char *)m, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return m;
	munmap(m, ML_PCK_CHUNK_BYTES);
	return c;
}

static unsigned ml_pck_id(uptr a)
{
	const unsigned char *c = ml_pck_chunk(a, 0);
	return c ? c[a & (ML_PCK_CHUNK - 1)] : 0;
}

/* Where the 8-byte word of a last changed typestate (a stack), or 0. */
static unsigned ml_pck_changed(uptr a)
{
	const unsigned char *c = ml_pck_chunk(a, 0);
	return c ? ((const unsigned *)(c + ML_PCK_IDS))[(a & (ML_PCK_CHUNK - 1)) / 8] : 0;
}

/* The stack of a transition, captured when it first fills a page (a
 * transition over memory already in its typestate fills none). */
static unsigned ml_pck_stack(unsigned *stack)
{
	if (!*stack)
		*stack = ml_stack_capture_depth(0, ML_PCK_STACK_DEPTH);
	return *stack;
}

/* Set [off, end) of chunk c to ts; the bytes of one page. */
static void ml_pck_fill(unsigned char *c, uptr off, uptr end, unsigned ts, unsigned *stack)
{
	uint16_t *page = (uint16_t *)(c + ML_PCK_IDS + ML_PCK_STACKS) + (off >> ML_PCK_PAGE);
	if (*page == ts) /* no byte changes typestate */
		return;
	/* only the words that change get the new id and stack: a block is
	 * transitioned again and again with most of it unchanged */
	unsigned *st = (unsigned *)(c + ML_PCK_IDS), changed = ml_pck_stack(stack);
	uint64_t pat = ts * 0x0101010101010101ULL;
	uptr i = off;
	for (; i < end && (i & 7); i++)
		if (c[i] != ts)
			c[i] = (unsigned char)ts, st[i / 8] = changed;
	for (; i + 8 <= end; i += 8) {
		uint64_t v;
		memcpy(&v, c + i, 8);
		if (v != pat)
			memcpy(c + i, &pat, 8), st[i / 8] = changed;
	}
	for (; i < end; i++)
		if (c[i] != ts)
			c[i] = (unsigned char)ts, st[i / 8] = changed;
	*page = end - off == (1UL << ML_PCK_PAGE) ? (uint16_t)ts : ML_PCK_MIXED;
}

/* From the page at off (page-aligned), past the whole pages before end
 * that are all ts already: a block transitioned again and again (the rest
 * of a free span after each allocation from its front) costs little more
 * than what changes. */
static uptr ml_pck_skip(const unsigned char *c, uptr off, uptr end, unsigned ts)
{
	const uint16_t *page = (const uint16_t *)(c + ML_PCK_IDS + ML_PCK_STACKS);
	uptr j = off >> ML_PCK_PAGE, last = end >> ML_PCK_PAGE;
	uint64_t four = ts * 0x0001000100010001ULL;
	for (uint64_t v; j + 4 <= last && (memcpy(&v, page + j, 8), v == four);)
		j += 4;
	while (j < last && page[j] == ts)
		j++;
	return j << ML_PCK_PAGE;
}

void __ml_pck_put(void *addr, unsigned long n, unsigned ts)
{
	if (ts >= 64 * ML_PCK_WORDS || n == 0)
		return;
	ml_rt_enter();
	unsigned stack = 0;
	for (uptr a = (uptr)addr; n;) {
		uptr off = a & (ML_PCK_CHUNK - 1), k = ML_PCK_CHUNK - off < n ? ML_PCK_CHUNK - off : n;
		unsigned char *c = ml_pck_chunk(a, ts != 0);
		for (uptr p = off; c && p < off + k;) {
			if (!(p & ((1UL << ML_PCK_PAGE) - 1)))
				p = ml_pck_skip(c, p, off + k, ts);
			if (p >= off + k)
				break;
			uptr q = ((p >> ML_PCK_PAGE) + 1) << ML_PCK_PAGE;
			if (q > off + k)
				q = off + k;
			ml_pck_fill(c, p, q, ts, &stack);
			p = q;
		}
		a += k;
		n -= k;
	}
	ml_rt_leave();
}

unsigned __ml_pck_get(const void *addr)
{
	return ml_pck_id((uptr)addr);
}

/* ---- violations ---- */

/* The length of the run of typestate id from a on, dir -1 backwards
 * (without a), up to ML_PCK_RUN_MAX. */
static uptr ml_pck_run(uptr a, unsigned id, int dir)
{
	uptr k = 0;
	for (; k < ML_PCK_RUN_MAX; k++) {
		uptr b = dir > 0 ? a + k : a - k - 1;
		if (ml_pck_id(b) != id)
			break;
	}
	return k;
}

/* What the thread may do to the typestates annotations name: each grant
 * that still holds at the innermost frame, innermost first. */
static void ml_pck_grants(struct ml_tsv *v, const struct ml_pck_thread *t, int w)
{
	const uint64_t *now = t->f[t->depth].perm[w];
	uint64_t told[ML_PCK_WORDS] = {0};
	for (unsigned d = t->depth; d > 0; d--) {
		const struct ml_pck_frame *f = &t->f[d];
		unsigned n = f->ann ? f->ann->n : 1;
		for (unsigned i = 0; i < n; i++) {
			unsigned id = f->ann ? f->ann->ts[i] : f->ts;
			if (id >= 64 * ML_PCK_WORDS || !ml_bit(now, id) || !ml_bit(f->perm[w], id) || ml_bit(told, id))
				continue;
			ml_set_bit(told, id, 1);
			if (v->ngrant == sizeof v->grant / sizeof v->grant[0]) {
				v->more = 1;
				return;
			}
			struct ml_tsv_grant *g = &v->grant[v->ngrant++];
			g->ts = ml_pck_name(id);
			g->by = f->ann ? f->ann->text : "pck_protect";
			g->site = f->site;
			g->file = f->ann ? f->ann->file : (f->site ? f->site->file : "");
			g->line = f->ann ? f->ann->line : (f->site ? f->site->line : 0);
		}
	}
}

static void ml_pck_violation(uptr a, uptr n, uptr at, unsigned id, const site_t *site, int w,
                             const unsigned *asserted)
{
	if (!ML_LOAD(&ml_kind_enabled[ML_TYPESTATE_VIOLATION]))
		return;
	struct ml_tsv v = {0};
	v.at = at;
	v.observed = ml_pck_name(id);
	v.heavy = ml_flags.typestate_heavy;
	v.asserted = asserted ? ml_pck_name(*asserted) : 0;
	v.changed = ml_pck_changed(at);
	uptr before = ml_pck_run(at, id, -1), after = ml_pck_run(at, id, 1);
	uptr start = at - before, end = at + after;
	v.offset = before;
	v.run = before + after;
	if (before < ML_PCK_RUN_MAX) { /* (else where the run starts is not known) */
		unsigned prev = ml_pck_id(start - 1);
		v.prev_bytes = ml_pck_run(start, prev, -1);
		v.prev = ml_pck_name(prev);
	}
	if (after < ML_PCK_RUN_MAX) {
		unsigned next = ml_pck_id(end);
		v.next_bytes = ml_pck_run(end, next, 1);
		v.next = ml_pck_name(next);
	}
	if (!asserted)
		ml_pck_grants(&v, ml_pck_self(), w);
	struct ml_event ev = {0};
	ev.point = w ? ML_DEREF_W : ML_DEREF_R;
	ev.access = w ? ML_ACC_WRITE : ML_ACC_READ;
	ev.p = a;
	ev.n = n;
	ev.site = site;
	ev.tsv = &v;
	ml_report(ML_TYPESTATE_VIOLATION, &ev);
}

void __ml_pck_chk_slow(uptr a, uptr n, const site_t *site, int w)
{
	struct ml_pck_thread *t = ml_pck_self();
	const uint64_t *perm = t->f[t->depth].perm[w ? 1 : 0];
	for (uptr i = 0; i < n;) {
		const unsigned char *c = ml_pck_chunk(a + i, 0);
		uptr off = (a + i) & (ML_PCK_CHUNK - 1);
		uptr k = ML_PCK_CHUNK - off < n - i ? ML_PCK_CHUNK - off : n - i;
		if (!c) { /* the rest of the chunk is UNMAPPED */
			if (!ml_bit(perm, 0)) {
				ml_pck_violation(a, n, a + i, 0, site, w, 0);
				return;
			}
			i += k;
			continue;
		}
		uint64_t ok = ~0ULL; /* 8 copies of the last id found permitted */
		for (uptr j = 0; j < k;) {
			uint64_t v;
			if (j + 8 <= k && (memcpy(&v, c + off + j, 8), v == ok)) {
				j += 8;
				continue;
			}
			unsigned id = c[off + j];
			if (!ml_bit(perm, id)) {
				ml_pck_violation(a, n, a + i + j, id, site, w, 0);
				return;
			}
			ok = id * 0x0101010101010101ULL;
			j++;
		}
		i += k;
	}
}

void ml_pck_range(const void *p, uptr n, int w)
{
	if (n)
		__ml_pck_chk_slow((uptr)p, n, ml_caller_site(), w);
}

void __ml_pck_assert(const void *addr, unsigned ts)
{
	unsigned id = ml_pck_id((uptr)addr);
	if (id != ts)
		ml_pck_violation((uptr)addr, 0, (uptr)addr, id, ml_caller_site(), 0, &ts);
}

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
#include <unistd.h>

/* The generated header's struct __ml_pck_ann (internal/typestate/gen.go). */
struct ml_pck_ann {
	unsigned perm; /* ML_PCK_ANN_* */
	unsigned n;
	const unsigned short *ts;
	const char *file;
	unsigned line;
	const char *text;
	struct ml_pck_mask *mask; /* set when the layout comes */
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
/* The id of the bytes past a chunk's end (memlens.h): a layout has fewer. */
#define ML_PCK_PAST    255
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
extern struct ml_pck_ann *const __start___ml_pck_anns[] __attribute__((weak));
extern struct ml_pck_ann *const __stop___ml_pck_anns[] __attribute__((weak));

/* What an annotation does to a frame's permissions, computed once when
 * the layout comes: perm[w][i] = perm[w][i] & keep[i] | set[w][i]. */
struct ml_pck_mask {
	uint64_t keep[ML_PCK_WORDS];
	uint64_t set[2][ML_PCK_WORDS];
};

/* A frame of a thread's stack of grants: an annotated function's run
 * (all its annotations, applied in order) or a pck_protect; memlens.h's
 * __ml_pck_enter pushes the first kind inline. */
struct ml_pck_frame {
	uint64_t perm[2][ML_PCK_WORDS];          /* [0] read, [1] write: one bit per typestate */
	const struct __ml_pck_fn *fn;            /* what it granted, or NULL for pck_protect */
	unsigned ts, perms;                      /* pck_protect's */
	const site_t *site;                      /* where pck_protect was called */
};
_Static_assert(sizeof(struct ml_pck_frame) == __ML_PCK_FRAME_WORDS * 8, "memlens.h's frame size");
_Static_assert(__builtin_offsetof(struct ml_pck_frame, fn) == 8 * 8, "memlens.h's frame layout");
#define ML_PCK_DEPTH 128
/* Frames kept of where memory changed typestate: transitions are frequent
 * (every allocation and free), and the report shows the access's own
 * stack in full. */
#define ML_PCK_STACK_DEPTH 4
/* f[0] is the code no annotation covers; a grant past the last frame
 * is applied to the last (recursion that deep keeps its deepest grants
 * until it returns below). The innermost frame is the one __ml_pck_perm
 * points to, once the thread is ready. */
struct ml_pck_thread {
	int ready;       /* f[0] and __ml_pck_perm are set */
	unsigned layout; /* the layout count f[0] was made for */
	struct ml_pck_frame f[ML_PCK_DEPTH];
};
static __thread struct ml_pck_thread ml_pck_t;
/* What a thread may do before ml_pck_self set it up: nothing, so its first
 * check takes the slow path, which does. */
static const unsigned long ml_pck_unset[2 * ML_PCK_WORDS];
__thread const unsigned long *__ml_pck_perm __attribute__((tls_model("initial-exec"))) = ml_pck_unset;
__thread const unsigned long *__ml_pck_room __attribute__((tls_model("initial-exec")));

struct ml_pck_state {
	unsigned layouts;         /* layouts registered (1, or 0 before the first): ml_pck_on */
	const char *const *names; /* "PCK_…" by id */
	unsigned n;
	unsigned long hash;
	int mixed;                /* units of another layout were told */
	uint64_t named[ML_PCK_WORDS];     /* typestates an annotation names */
	uint64_t base[2][ML_PCK_WORDS];   /* f[0]'s permissions */
	int dir_lock;
	unsigned words;                   /* of permissions that can matter: ids below 64 * words */
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

/* The words of permissions grants change (all, before the layout). */
static inline unsigned ml_pck_words(void)
{
	return ml_pck.words ? ml_pck.words : ML_PCK_WORDS;
}

/* The innermost frame's index (t ready). */
static unsigned ml_pck_depth(const struct ml_pck_thread *t)
{
	return (unsigned)((const struct ml_pck_frame *)(const void *)__ml_pck_perm - t->f);
}

/* Make f[depth] the thread's innermost frame (a signal handler running now
 * sees either the old frame or this one). */
static void ml_pck_publish(struct ml_pck_thread *t, unsigned depth)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	__ml_pck_perm = (const unsigned long *)t->f[depth].perm;
}

/* ml_pck_self's set-up. */
static __attribute__((noinline)) struct ml_pck_thread *ml_pck_setup(struct ml_pck_thread *t)
{
	unsigned depth = t->ready ? ml_pck_depth(t) : 0;
	if (depth == 0) {
		memset(&t->f[0], 0, sizeof t->f[0]);
		if (ml_pck.layouts)
			memcpy(t->f[0].perm, ml_pck.base, sizeof ml_pck.base);
		else /* no layout yet: nothing is checked */
			memset(t->f[0].perm, 0xff, sizeof t->f[0].perm);
	}
	/* grants change only the words of the ids the layout and the
	 * annotations have: the others stay f[0]'s in every frame */
	for (unsigned d = 1; d < ML_PCK_DEPTH; d++)
		for (unsigned i = ml_pck_words(); i < ML_PCK_WORDS; i++) {
			t->f[d].perm[0][i] = t->f[0].perm[0][i];
			t->f[d].perm[1][i] = t->f[0].perm[1][i];
		}
	t->layout = ml_pck.layouts;
	t->ready = 1;
	ml_pck_publish(t, depth);
	/* memlens.h's inline push: made for the layout (there is no other
	 * after it), whose grants fit one word */
	__ml_pck_room = ml_pck.layouts && ml_pck.words == 1 ? (const unsigned long *)t->f[ML_PCK_DEPTH - 1].perm : 0;
	return t;
}

/* The thread's stack, set up (again, when a layout came since). */
static inline struct ml_pck_thread *ml_pck_self(void)
{
	struct ml_pck_thread *t = &ml_pck_t;
	if (ML_LIKELY(t->ready && t->layout == ml_pck.layouts))
		return t;
	return ml_pck_setup(t);
}

static void ml_pck_make_mask(struct ml_pck_mask *m, const struct ml_pck_ann *a)
{
	memset(m, 0, sizeof *m);
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

/* The masks of all annotations, each pointed to by its record. */
static void ml_pck_make_masks(void)
{
	uptr n = __start___ml_pck_anns ? (uptr)(__stop___ml_pck_anns - __start___ml_pck_anns) : 0;
	if (n == 0)
		return;
	struct ml_pck_mask *m = mmap(0, n * sizeof *m, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return; /* ml_pck_grant computes each grant itself */
	for (uptr k = 0; k < n; k++) {
		ml_pck_make_mask(&m[k], __start___ml_pck_anns[k]);
		__start___ml_pck_anns[k]->mask = &m[k];
	}
}

/* (_v2: the records' layout of internal/typestate/gen.go since they have a mask) */
void __ml_pck_layout_v2(const char *const *names, unsigned n, unsigned long hash)
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
	unsigned top = n ? n - 1 : 0; /* the highest id there is */
	if (__start___ml_pck_anns)
		for (struct ml_pck_ann *const *a = __start___ml_pck_anns; a < __stop___ml_pck_anns; a++)
			for (unsigned i = 0; i < (*a)->n; i++)
				if ((*a)->ts[i] < 64 * ML_PCK_WORDS) {
					ml_set_bit(ml_pck.named, (*a)->ts[i], 1);
					top = (*a)->ts[i] > top ? (*a)->ts[i] : top;
				}
	ml_pck.words = top < 64 * ML_PCK_WORDS ? top / 64 + 1 : ML_PCK_WORDS;
	for (unsigned w = 0; w < ML_PCK_WORDS; w++) {
		uint64_t light = ml_flags.typestate_heavy ? 0 : ~ml_pck.named[w];
		ml_pck.base[0][w] = ml_pck.base[1][w] = light;
	}
	ml_pck_make_masks();
	__atomic_store_n(&ml_pck.layouts, 1, __ATOMIC_RELEASE);
	ml_pck_self();
}

/* Apply fn's annotations, in order, to the permissions f has. */
static void ml_pck_grant(struct ml_pck_frame *f, const struct __ml_pck_fn *fn, unsigned words)
{
	for (unsigned k = 0; k < fn->n; k++) {
		const struct ml_pck_ann *a = fn->anns[k];
		struct ml_pck_mask own;
		const struct ml_pck_mask *m = a->mask;
		if (ML_UNLIKELY(!m)) /* before the layout, or an annotation of a unit loaded since */
			ml_pck_make_mask(&own, a), m = &own;
		for (unsigned i = 0; i < words; i++) {
			f->perm[0][i] = (f->perm[0][i] & m->keep[i]) | m->set[0][i];
			f->perm[1][i] = (f->perm[1][i] & m->keep[i]) | m->set[1][i];
		}
	}
}

/* fn's annotations together, for memlens.h's inline push, once the layout
 * came, its typestates fit one word and every annotation has its mask:
 * (p & k1 | s1) & k2 | s2 is p & (k1 & k2) | (s1 & k2 | s2). Another thread
 * may be making them too: the same values. */
static void ml_pck_make_ready(struct __ml_pck_fn *fn)
{
	if (!ml_pck.layouts || ml_pck.words != 1)
		return;
	uint64_t keep = ~0ULL, set_r = 0, set_w = 0;
	for (unsigned k = 0; k < fn->n; k++) {
		const struct ml_pck_mask *m = ((const struct ml_pck_ann *)fn->anns[k])->mask;
		if (!m)
			return;
		keep &= m->keep[0];
		set_r = (set_r & m->keep[0]) | m->set[0][0];
		set_w = (set_w & m->keep[0]) | m->set[1][0];
	}
	fn->keep = keep;
	fn->set_r = set_r;
	fn->set_w = set_w;
	__atomic_store_n(&fn->ready, 1, __ATOMIC_RELEASE);
}

/* memlens.h's __ml_pck_enter, when it cannot push inline: the thread's
 * frames or fn's masks are not made yet, or the stack is full. */
const unsigned long *__ml_pck_enter_slow(struct __ml_pck_fn *fn)
{
	struct ml_pck_thread *t = ml_pck_self();
	if (!__atomic_load_n(&fn->ready, __ATOMIC_ACQUIRE))
		ml_pck_make_ready(fn);
	const unsigned long *from = __ml_pck_perm;
	unsigned depth = ml_pck_depth(t), words = ml_pck_words();
	int pushed = depth + 1 < ML_PCK_DEPTH;
	struct ml_pck_frame *f = &t->f[depth + pushed];
	if (pushed) {
		for (unsigned i = 0; i < words; i++)
			f->perm[0][i] = t->f[depth].perm[0][i], f->perm[1][i] = t->f[depth].perm[1][i];
		f->fn = fn;
	}
	ml_pck_grant(f, fn, words);
	ml_pck_publish(t, depth + pushed);
	return from;
}

unsigned __ml_pck_depth(void)
{
	struct ml_pck_thread *t = &ml_pck_t;
	return t->ready ? ml_pck_depth(t) : 0;
}

void __ml_pck_unwind(unsigned depth)
{
	struct ml_pck_thread *t = &ml_pck_t;
	if (t->ready && depth < ml_pck_depth(t))
		ml_pck_publish(t, depth);
}

void __ml_pck_protect(unsigned ts, unsigned perms)
{
	struct ml_pck_thread *t = ml_pck_self();
	unsigned depth = ml_pck_depth(t);
	int pushed = depth + 1 < ML_PCK_DEPTH;
	struct ml_pck_frame *f = &t->f[depth + pushed];
	if (pushed) {
		memcpy(f->perm, t->f[depth].perm, sizeof f->perm);
		f->fn = 0;
		f->site = ml_caller_site();
		f->ts = ts;
		f->perms = perms;
	}
	if (ts < 64 * ml_pck_words()) { /* (higher ids are no typestate of the program) */
		ml_set_bit(f->perm[0], ts, (perms & ML_PCK_PERM_R) != 0);
		ml_set_bit(f->perm[1], ts, (perms & ML_PCK_PERM_W) != 0);
	}
	ml_pck_publish(t, depth + pushed);
}

void __ml_pck_unprotect(void)
{
	struct ml_pck_thread *t = ml_pck_self();
	unsigned depth = ml_pck_depth(t);
	ml_pck_publish(t, depth ? depth - 1 : 0);
}

/* ---- the map ---- */

void ml_pck_init(void)
{
	ml_map_fixed((uptr)__ML_PCK_DIR, ML_PCK_DIR_N * sizeof *__ML_PCK_DIR, "typestate directory");
}

/* Make the chunk of slot (another thread may be making it too). */
static __attribute__((noinline)) unsigned char *ml_pck_make_chunk(unsigned char **slot)
{
	unsigned char *c = 0;
	unsigned char *m = mmap(0, ML_PCK_CHUNK_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m == MAP_FAILED)
		return 0;
	memset(m + ML_PCK_CHUNK, ML_PCK_PAST, ML_PCK_IDS - ML_PCK_CHUNK);
	if (__atomic_compare_exchange_n(slot, &c, m, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return m;
	munmap(m, ML_PCK_CHUNK_BYTES);
	return c;
}

/* The chunk of a's ids; made when make is set, else NULL if none. */
static inline unsigned char *ml_pck_chunk(uptr a, int make)
{
	unsigned char **slot = (unsigned char **)&__ML_PCK_DIR[(a >> __ML_PCK_CHUNK_SHIFT) & (ML_PCK_DIR_N - 1)];
	unsigned char *c = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
	if (c || !make)
		return c;
	return ml_pck_make_chunk(slot);
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
	unsigned *st = (unsigned *)(c + ML_PCK_IDS); /* (the stack captured at the first change) */
	uint64_t pat = ts * 0x0101010101010101ULL;
	uptr i = off;
	for (; i < end && (i & 7); i++)
		if (c[i] != ts)
			c[i] = (unsigned char)ts, st[i / 8] = ml_pck_stack(stack);
	/* four words at a time: a transition mostly changes all of them (a
	 * chunk's payload between free and used) or none */
	uint64_t stack2 = 0; /* two copies of the stack, once captured */
	for (; i + 32 <= end; i += 32) {
		uint64_t v[4];
		memcpy(v, c + i, 32);
		uint64_t d0 = v[0] ^ pat, d1 = v[1] ^ pat, d2 = v[2] ^ pat, d3 = v[3] ^ pat;
		if ((d0 | d1 | d2 | d3) == 0)
			continue;
		if (d0 && d1 && d2 && d3) {
			if (!stack2)
				stack2 = ml_pck_stack(stack) * 0x100000001ULL;
			memcpy(c + i, &pat, 8), memcpy(c + i + 8, &pat, 8);
			memcpy(c + i + 16, &pat, 8), memcpy(c + i + 24, &pat, 8);
			memcpy(st + i / 8, &stack2, 8), memcpy(st + i / 8 + 2, &stack2, 8);
			continue;
		}
		for (unsigned k = 0; k < 4; k++)
			if (v[k] != pat)
				memcpy(c + i + 8 * k, &pat, 8), st[i / 8 + k] = ml_pck_stack(stack);
	}
	for (; i + 8 <= end; i += 8) {
		uint64_t v;
		memcpy(&v, c + i, 8);
		if (v != pat)
			memcpy(c + i, &pat, 8), st[i / 8] = ml_pck_stack(stack);
	}
	for (; i < end; i++)
		if (c[i] != ts)
			c[i] = (unsigned char)ts, st[i / 8] = ml_pck_stack(stack);
	*page = end - off == (1UL << ML_PCK_PAGE) ? (uint16_t)ts : ML_PCK_MIXED;
}

/* Set the n bytes at off of chunk c, inside one 8-byte word, to ts: what
 * ml_pck_fill does for them, without its loops. */
static void ml_pck_put_word(unsigned char *c, uptr off, uptr n, unsigned ts, unsigned *stack)
{
	uptr word = off & ~(uptr)7;
	uint64_t v, pat = ts * 0x0101010101010101ULL;
	uint64_t mask = n == 8 ? ~0ULL : ((1ULL << 8 * n) - 1) << 8 * (off & 7);
	memcpy(&v, c + word, 8);
	if (((v ^ pat) & mask) == 0) /* no byte changes typestate */
		return;
	if (n == 8)
		memcpy(c + off, &pat, 8);
	else /* byte by byte: another thread may be putting the word's other bytes */
		for (uptr i = off; i < off + n; i++)
			c[i] = (unsigned char)ts;
	((unsigned *)(c + ML_PCK_IDS))[off / 8] = ml_pck_stack(stack);
	((uint16_t *)(c + ML_PCK_IDS + ML_PCK_STACKS))[off >> ML_PCK_PAGE] = ML_PCK_MIXED;
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

/* A put of a transition: *stack is the transition's stack, 0 until its
 * first put that changes a byte captures it for all. */
void __ml_pck_put_in(void *addr, unsigned long n, unsigned ts, unsigned *stack)
{
	if (ts >= ML_PCK_PAST || n == 0)
		return;
	ml_rt_enter();
	uptr a = (uptr)addr, off = a & (ML_PCK_CHUNK - 1);
	if ((off & 7) + n <= 8) { /* inside one 8-byte word: a header field's put */
		unsigned char *c = ml_pck_chunk(a, ts != 0);
		if (c)
			ml_pck_put_word(c, off, n, ts, stack);
		ml_rt_leave();
		return;
	}
	for (; n;) {
		off = a & (ML_PCK_CHUNK - 1);
		uptr k = ML_PCK_CHUNK - off < n ? ML_PCK_CHUNK - off : n;
		unsigned char *c = ml_pck_chunk(a, ts != 0);
		for (uptr p = off; c && p < off + k;) {
			if (!(p & ((1UL << ML_PCK_PAGE) - 1)))
				p = ml_pck_skip(c, p, off + k, ts);
			if (p >= off + k)
				break;
			uptr q = ((p >> ML_PCK_PAGE) + 1) << ML_PCK_PAGE;
			if (q > off + k)
				q = off + k;
			ml_pck_fill(c, p, q, ts, stack);
			p = q;
		}
		a += k;
		n -= k;
	}
	ml_rt_leave();
}

void __ml_pck_put(void *addr, unsigned long n, unsigned ts)
{
	unsigned stack = 0;
	__ml_pck_put_in(addr, n, ts, &stack);
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
	unsigned depth = ml_pck_depth(t);
	const uint64_t *now = t->f[depth].perm[w];
	uint64_t told[ML_PCK_WORDS] = {0};
	for (unsigned d = depth; d > 0; d--) {
		const struct ml_pck_frame *f = &t->f[d];
		/* a frame's annotations, the last (which prevails) first */
		for (unsigned k = f->fn ? f->fn->n : 1; k-- > 0;) {
			const struct ml_pck_ann *a = f->fn ? f->fn->anns[k] : 0;
			if (a && !(a->perm & (w ? ML_PCK_ANN_W : ML_PCK_ANN_R)))
				continue; /* it grants no such access (PCK_NONE included) */
			for (unsigned i = 0, n = a ? a->n : 1; i < n; i++) {
				unsigned id = a ? a->ts[i] : f->ts;
				if (id >= 64 * ML_PCK_WORDS || !ml_bit(now, id) || !ml_bit(f->perm[w], id) || ml_bit(told, id))
					continue;
				ml_set_bit(told, id, 1);
				if (v->ngrant == sizeof v->grant / sizeof v->grant[0]) {
					v->more = 1;
					return;
				}
				struct ml_tsv_grant *g = &v->grant[v->ngrant++];
				g->ts = ml_pck_name(id);
				g->by = a ? a->text : "pck_protect";
				g->site = f->fn ? f->fn->site : f->site;
				g->file = a ? a->file : (f->site ? f->site->file : "");
				g->line = a ? a->line : (f->site ? f->site->line : 0);
			}
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

/* Whether every byte of [a, a+n) has a typestate perm allows; if not, the
 * first that has not, and its id. */
static int ml_pck_allowed(uptr a, uptr n, const uint64_t *perm, uptr *bad, unsigned *bad_id)
{
	for (uptr i = 0; i < n;) {
		const unsigned char *c = ml_pck_chunk(a + i, 0);
		uptr off = (a + i) & (ML_PCK_CHUNK - 1);
		uptr k = ML_PCK_CHUNK - off < n - i ? ML_PCK_CHUNK - off : n - i;
		if (!c) { /* the rest of the chunk is UNMAPPED */
			if (!ml_bit(perm, 0)) {
				*bad = a + i, *bad_id = 0;
				return 0;
			}
			i += k;
			continue;
		}
		const unsigned char *ids = c + off;
		const uint16_t *page = (const uint16_t *)(c + ML_PCK_IDS + ML_PCK_STACKS);
		uint64_t ok = ~0ULL; /* 8 copies of the last id found permitted */
		for (uptr j = 0; j < k;) {
			/* (a loop's pre-check scans a whole payload: pages all of
			 * that id at once, then 32 ids at a time) */
			while (!((off + j) & ((1UL << ML_PCK_PAGE) - 1)) && j + (1UL << ML_PCK_PAGE) <= k &&
			       page[(off + j) >> ML_PCK_PAGE] == (ok & 0xff))
				j += 1UL << ML_PCK_PAGE;
			for (; j + 32 <= k; j += 32) {
				uint64_t v0, v1, v2, v3;
				memcpy(&v0, ids + j, 8), memcpy(&v1, ids + j + 8, 8);
				memcpy(&v2, ids + j + 16, 8), memcpy(&v3, ids + j + 24, 8);
				if (((v0 ^ ok) | (v1 ^ ok) | (v2 ^ ok) | (v3 ^ ok)) != 0)
					break;
			}
			uint64_t v;
			if (j + 8 <= k && (memcpy(&v, ids + j, 8), v == ok)) {
				j += 8;
				continue;
			}
			if (j >= k)
				break;
			unsigned id = ids[j];
			if (!ml_bit(perm, id)) {
				*bad = a + i + j, *bad_id = id;
				return 0;
			}
			if (ok != id * 0x0101010101010101ULL) { /* scan on from here by words of this id */
				ok = id * 0x0101010101010101ULL;
				continue;
			}
			j++;
		}
		i += k;
	}
	return 1;
}

void __ml_pck_chk_slow(uptr a, uptr n, const site_t *site, int w)
{
	struct ml_pck_thread *t = ml_pck_self();
	uptr bad;
	unsigned id;
	if (!ml_pck_allowed(a, n, t->f[ml_pck_depth(t)].perm[w ? 1 : 0], &bad, &id))
		ml_pck_violation(a, n, bad, id, site, w, 0);
}

/* A loop's range pre-check (internal/instrument/typestate.go): if all n
 * bytes at a pass the check of an access of kind w, the number of
 * addresses from a an access of size bytes inside them may start at;
 * else (or for more than ML_PCK_PRE_MAX bytes, which a loop that stops
 * early would pay for in vain) 0. It reports nothing: the accesses it
 * does not cover are checked one by one. */
#define ML_PCK_PRE_MAX (64UL << 10)
uptr __ml_pck_pre(uptr a, uptr n, uptr size, int w)
{
	if (n < size || n > ML_PCK_PRE_MAX || size == 0)
		return 0;
	struct ml_pck_thread *t = ml_pck_self();
	uptr bad;
	unsigned id;
	if (!ml_pck_allowed(a, n, t->f[ml_pck_depth(t)].perm[w ? 1 : 0], &bad, &id))
		return 0;
	return n - size + 1;
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

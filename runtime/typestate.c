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
#define ML_PCK_WORDS   4 /* 256 typestates */

/* The map (memlens.h): a granule's id is at __ML_PCK_IDS + (a mod 2^47) /
 * 8, the granule's id all its bytes have, or ML_PCK_SPLIT when they differ
 * (their ids are then in the chunk's array of byte ids, which no other
 * granule's reads use); a transition of a payload writes a byte per 8
 * bytes. Beside the ids, each 1 MiB chunk of memory that ever had a
 * typestate has a record (the directory, at a fixed address, points to
 * it): the stack where each granule last changed typestate, per 256 bytes
 * the id all its granules have (ML_PCK_SPLIT: not all the same), so that
 * a transition over a large block (a free chunk's interior, again and
 * again as it is split) skips what does not change, the byte ids and the
 * chunk's run. Here a chunk is named by its ids (c: c[g] is granule g's),
 * its record found from them. A split granule's id is no typestate's (a
 * layout has at most 254): no permission has its bit, so the inline check
 * sends it to the slow path. */
#define ML_PCK_CHUNK_SHIFT 20
#define ML_PCK_CHUNK   (1UL << ML_PCK_CHUNK_SHIFT)
#define ML_PCK_ADDR_BITS 47 /* what the ids map (memlens.h's __ML_PCK_ID_AT) */
#define ML_PCK_DIR     ((unsigned char **)0x6c0000000000UL)
#define ML_PCK_DIR_N   (1UL << (ML_PCK_ADDR_BITS - ML_PCK_CHUNK_SHIFT))
#define ML_PCK_SPLIT   255
#define ML_PCK_GRANS   (ML_PCK_CHUNK / 8)
#define ML_PCK_PAGE    8 /* log2 of the bytes a page summary covers */
#define ML_PCK_PAGE_GRANS ((1UL << ML_PCK_PAGE) / 8)
#define ML_PCK_PAGES   (ML_PCK_CHUNK >> ML_PCK_PAGE)
/* the parts of a chunk's record */
#define ML_PCK_PAGES_AT  (ML_PCK_GRANS * sizeof(unsigned)) /* after the stacks */
#define ML_PCK_BYTES_AT  (ML_PCK_PAGES_AT + ML_PCK_PAGES)
#define ML_PCK_RUN_AT    (ML_PCK_BYTES_AT + ML_PCK_CHUNK)
#define ML_PCK_CHUNK_BYTES (ML_PCK_RUN_AT + 8)
#define ML_PCK_ONES    0x0101010101010101ULL

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
/* Frames kept of where memory changed typestate, 4 (ml_stack_capture4):
 * transitions are frequent (every allocation and free), and the report
 * shows the access's own stack in full. */
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
 * check takes the slow path, which does (a frame: memlens.h's
 * __ml_pck_enter reads what pushed it). */
static const unsigned long ml_pck_unset[__ML_PCK_FRAME_WORDS];
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
	int split_lock;                   /* held while a granule's byte ids change */
	unsigned words;                   /* of permissions that can matter: ids below 64 * words */
	int narrow;                       /* all ids are below 63: bit 63 of the first word is a split granule's */
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

/* No permission lets a split granule's id pass (memlens.h's inline check
 * leaves those to the slow path, which reads their bytes' ids): under a
 * layout whose ids are all below 63, the checks of units built for it
 * test bit 63 of the first word for it, which no typestate has then. */
static void ml_pck_deny_split(uint64_t perm[2][ML_PCK_WORDS])
{
	ml_set_bit(perm[0], ML_PCK_SPLIT, 0);
	ml_set_bit(perm[1], ML_PCK_SPLIT, 0);
	if (ml_pck.narrow) {
		ml_set_bit(perm[0], ML_PCK_SPLIT & 63, 0);
		ml_set_bit(perm[1], ML_PCK_SPLIT & 63, 0);
	}
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
		else { /* no layout yet: nothing is checked */
			memset(t->f[0].perm, 0xff, sizeof t->f[0].perm);
			ml_pck_deny_split(t->f[0].perm);
		}
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
		if (id >= ML_PCK_SPLIT)
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
				if ((*a)->ts[i] < ML_PCK_SPLIT) {
					ml_set_bit(ml_pck.named, (*a)->ts[i], 1);
					top = (*a)->ts[i] > top ? (*a)->ts[i] : top;
				}
	ml_pck.words = top < 64 * ML_PCK_WORDS ? top / 64 + 1 : ML_PCK_WORDS;
	ml_pck.narrow = top < (ML_PCK_SPLIT & 63);
	for (unsigned w = 0; w < ML_PCK_WORDS; w++) {
		uint64_t light = ml_flags.typestate_heavy ? 0 : ~ml_pck.named[w];
		ml_pck.base[0][w] = ml_pck.base[1][w] = light;
	}
	ml_pck_deny_split(ml_pck.base);
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
	/* (memlens.h's __ml_pck_enter_local reads them without ready: in any
	 * order, p & keep | 0 and p & 0 | set are parts of the bits) */
	__atomic_store_n(&fn->keep, keep, __ATOMIC_RELAXED);
	__atomic_store_n(&fn->set_r, set_r, __ATOMIC_RELAXED);
	__atomic_store_n(&fn->set_w, set_w, __ATOMIC_RELAXED);
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
	if (ts < 64 * ml_pck_words() && ts < ML_PCK_SPLIT && !(ml_pck.narrow && ts == (ML_PCK_SPLIT & 63))) { /* (higher ids are no typestate of the program) */
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
	/* The record table and the live-base map of the low application range
	 * lie inside, in ascending order: where the ids of no application
	 * address would be (those of the pointer shadow [0x200000000000,
	 * 0x210000000000) and of the live-base map [0x400000000000,
	 * 0x420000000000)). The map ends a page past the last id: eight ids are
	 * read from the last granule on. */
	const uptr holes[][2] = {
		{(uptr)__ML_RECS, (uptr)(__ML_RECS + __ML_MAX_RECS)},
		{(uptr)ml_basemap(0), (uptr)ml_basemap(0x010000000000UL)},
	};
	uptr from = __ML_PCK_IDS;
	for (unsigned i = 0; i < 2; i++) {
		ml_map_fixed(from, holes[i][0] - from, "typestate map");
		from = holes[i][1];
	}
	ml_map_fixed(from, __ML_PCK_IDS + (1UL << (ML_PCK_ADDR_BITS - 3)) + 4096 - from, "typestate map");
	ml_map_fixed((uptr)ML_PCK_DIR, ML_PCK_DIR_N * sizeof *ML_PCK_DIR, "typestate directory");
}

/* Make the record of slot's chunk (another thread may be making it too). */
static __attribute__((noinline)) unsigned char *ml_pck_make_chunk(unsigned char **slot)
{
	unsigned char *c = 0;
	unsigned char *m = mmap(0, ML_PCK_CHUNK_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m == MAP_FAILED)
		return 0;
	if (__atomic_compare_exchange_n(slot, &c, m, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return m;
	munmap(m, ML_PCK_CHUNK_BYTES);
	return c;
}

/* The ids of a's chunk, and in *x its record, made when make is set; else
 * NULL if it has none (no typestate was ever put there: all UNMAPPED).
 * Records are made only for application memory: another address's ids
 * may lie in the live-base map. */
static inline unsigned char *ml_pck_chunk(uptr a, int make, unsigned char **x)
{
	if (a >> ML_PCK_ADDR_BITS)
		return 0;
	unsigned char **slot = &ML_PCK_DIR[a >> ML_PCK_CHUNK_SHIFT];
	*x = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
	if (ML_UNLIKELY(!*x) && (!make || !ml_app_range(a, 1) || !(*x = ml_pck_make_chunk(slot))))
		return 0;
	return (unsigned char *)__ML_PCK_IDS + ((a >> 3) & ~(ML_PCK_GRANS - 1));
}

static inline unsigned *ml_pck_stacks(unsigned char *x) { return (unsigned *)(void *)x; }
static inline unsigned char *ml_pck_pages(unsigned char *x) { return x + ML_PCK_PAGES_AT; }
static inline unsigned char *ml_pck_bytes(unsigned char *x) { return x + ML_PCK_BYTES_AT; }

static uint64_t ml_load8(const unsigned char *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

static unsigned ml_pck_id(uptr a)
{
	unsigned char *x, *c = ml_pck_chunk(a, 0, &x);
	if (!c)
		return 0;
	uptr off = a & (ML_PCK_CHUNK - 1);
	return c[off >> 3] == ML_PCK_SPLIT ? ml_pck_bytes(x)[off] : c[off >> 3];
}

/* Where the granule of a last changed typestate (a stack), or 0. */
static unsigned ml_pck_changed(uptr a)
{
	unsigned char *x;
	return ml_pck_chunk(a, 0, &x) ? ml_pck_stacks(x)[(a & (ML_PCK_CHUNK - 1)) / 8] : 0;
}

/* A chunk's run: pages (granules [lo, hi), lo == hi: none) whose summaries
 * all say ts, so that a put of ts inside them returns at once: a free
 * block's remainder is transitioned again and again as it is split, most
 * of it unchanged. A put that changes granules of the run first takes
 * their pages out of it (keeping the longer side), so a granule whose page
 * is mixed is not the run's; the pages a put of ts covers whole become the
 * run when they are more, or join a run of ts they touch. Changed by
 * compare-and-swap: puts of different memory in one chunk may run at once
 * in different threads. */
#define ML_PCK_RUN(lo, hi, ts) ((uint64_t)(lo) | (uint64_t)(ts) << 24 | (uint64_t)(hi) << 32)
#define ML_PCK_RUN_LO(r) ((uptr)(r) & 0xffffff)
#define ML_PCK_RUN_HI(r) ((uptr)((r) >> 32))
#define ML_PCK_RUN_TS(r) ((unsigned)((r) >> 24) & 0xff)

static inline uint64_t *ml_pck_runp(unsigned char *x) { return (uint64_t *)(void *)(x + ML_PCK_RUN_AT); }

/* Before granules [g, e) of chunk c are set to ts: whether the run says
 * they all have it already; if not, they are no longer the run's. */
static int ml_pck_run_has(unsigned char *x, uptr g, uptr e, unsigned ts)
{
	uint64_t *rp = ml_pck_runp(x), r = __atomic_load_n(rp, __ATOMIC_ACQUIRE);
	for (;;) {
		uptr lo = ML_PCK_RUN_LO(r), hi = ML_PCK_RUN_HI(r);
		if (ML_PCK_RUN_TS(r) == ts)
			return lo <= g && e <= hi;
		if (e <= lo || hi <= g)
			return 0;
		/* (the pages [g, e) touch are no longer all one id) */
		uptr to = g & ~(ML_PCK_PAGE_GRANS - 1), from = (e + ML_PCK_PAGE_GRANS - 1) & ~(ML_PCK_PAGE_GRANS - 1);
		uptr left = to > lo ? to - lo : 0, right = hi > from ? hi - from : 0;
		uint64_t cut = left >= right ? ML_PCK_RUN(lo, lo + left, ML_PCK_RUN_TS(r)) : ML_PCK_RUN(from, hi, ML_PCK_RUN_TS(r));
		if (__atomic_compare_exchange_n(rp, &r, cut, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			return 0;
	}
}

/* Before granules [g, e) of chunk c change: out of the run (the cheap
 * test of the common case, a put outside it, inline). */
static inline void ml_pck_run_cut(unsigned char *x, uptr g, uptr e, unsigned ts)
{
	uint64_t r = __atomic_load_n(ml_pck_runp(x), __ATOMIC_ACQUIRE);
	if (ML_UNLIKELY(g < ML_PCK_RUN_HI(r) && ML_PCK_RUN_LO(r) < e))
		ml_pck_run_has(x, g, e, ts);
}

/* After the pages of granules [g, e) of chunk c were all set to ts. */
static void ml_pck_run_note(unsigned char *x, uptr g, uptr e, unsigned ts)
{
	if (e <= g)
		return;
	uint64_t *rp = ml_pck_runp(x), r = __atomic_load_n(rp, __ATOMIC_ACQUIRE);
	for (;;) {
		uptr lo = ML_PCK_RUN_LO(r), hi = ML_PCK_RUN_HI(r);
		uint64_t to;
		if (ML_PCK_RUN_TS(r) == ts && g <= hi && lo <= e)
			to = ML_PCK_RUN(lo < g ? lo : g, hi > e ? hi : e, ts);
		else if (e - g > hi - lo)
			to = ML_PCK_RUN(g, e, ts);
		else
			return;
		if (to == r || __atomic_compare_exchange_n(rp, &r, to, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			return;
	}
}

/* Set the n bytes at off of chunk c, inside one granule, to ts. The
 * granule's byte ids are made from its id if it had one, and it has one
 * again if they all end up the same. */
static void ml_pck_put_bytes(unsigned char *c, unsigned char *x, uptr off, uptr n, unsigned ts, unsigned stack)
{
	uptr g = off >> 3;
	if (c[g] == ts) /* no byte changes typestate */
		return;
	unsigned char *b = ml_pck_bytes(x) + (g << 3);
	int changed = 0;
	/* another thread may be putting the granule's other bytes */
	ml_spin_lock(&ml_pck.split_lock);
	if (c[g] != ML_PCK_SPLIT)
		memset(b, c[g], 8);
	for (uptr i = off & 7; i < (off & 7) + n; i++)
		if (b[i] != ts)
			b[i] = (unsigned char)ts, changed = 1;
	if (changed) {
		uint64_t v = ml_load8(b);
		__atomic_store_n(&c[g], v == (v & 0xff) * ML_PCK_ONES ? (unsigned char)v : ML_PCK_SPLIT, __ATOMIC_RELEASE);
		ml_pck_stacks(x)[g] = stack;
		ml_pck_pages(x)[off >> ML_PCK_PAGE] = ML_PCK_SPLIT;
	}
	ml_spin_unlock(&ml_pck.split_lock);
}

/* Set granule g of chunk c to ts. */
static inline void ml_pck_put_granule(unsigned char *c, unsigned char *x, uptr g, unsigned ts, unsigned stack)
{
	if (c[g] == ts)
		return;
	unsigned char *page = ml_pck_pages(x) + g / ML_PCK_PAGE_GRANS;
	if (*page != ML_PCK_SPLIT) { /* (the run has only pages of one id) */
		ml_pck_run_cut(x, g, g + 1, ts);
		*page = ML_PCK_SPLIT;
	}
	c[g] = (unsigned char)ts;
	ml_pck_stacks(x)[g] = stack;
}

/* Set the granules of chunk c from g whose byte of d is not 0 to ts. */
static void ml_pck_put_some(unsigned char *c, unsigned char *x, uptr g, uint64_t d, unsigned ts, unsigned stack)
{
	while (d) {
		unsigned i = (unsigned)__builtin_ctzll(d) / 8;
		c[g + i] = (unsigned char)ts;
		ml_pck_stacks(x)[g + i] = stack;
		d &= ~(0xffULL << 8 * i);
	}
}

/* Four stacks, stored at once; sixteen ids, compared at once. */
typedef unsigned ml_u32x4 __attribute__((vector_size(16)));
typedef unsigned char ml_u8x16 __attribute__((vector_size(16)));
typedef char ml_i8x16 __attribute__((vector_size(16)));

/* Which of the sixteen ids at p are ts (pat16), a bit each, the first's
 * the lowest. */
static inline unsigned ml_pck_same16(const unsigned char *p, ml_u8x16 pat16)
{
	ml_u8x16 v;
	memcpy(&v, p, 16);
#ifdef __SSE2__
	return (unsigned)__builtin_ia32_pmovmskb128((ml_i8x16)(v == pat16));
#else
	unsigned same = 0;
	for (unsigned i = 0; i < 16; i++)
		same |= (unsigned)(v[i] == pat16[i]) << i;
	return same;
#endif
}

/* Set granules [g, stop) of chunk c to ts, sixteen at a time, each group
 * told by one compare whether all, none or which change, then the last
 * group of fewer as if those past stop kept theirs (its load may read the
 * next chunk's ids: the map ends a page past the last id): only those
 * that change get the new id and stack. Whether any changed. (The whole
 * groups' loop tests no tail: one branch less a group.) */
__attribute__((always_inline)) static inline int ml_pck_fill_run(unsigned char *c, unsigned char *x, uptr g, uptr stop, unsigned ts, unsigned stack)
{
	unsigned *st = ml_pck_stacks(x);
	int any = 0;
	ml_u32x4 four = {stack, stack, stack, stack};
	ml_u8x16 pat16 = (ml_u8x16){0} + (unsigned char)ts;
	for (; g + 16 <= stop; g += 16) {
		unsigned same = ml_pck_same16(c + g, pat16);
		if (same == 0xffff)
			continue;
		any = 1;
		/* (those that keep theirs have ts: the group's ids in one store) */
		memcpy(c + g, &pat16, 16);
		/* a transition mostly changes all (a chunk's payload between free
		 * and used): their stacks stored at once */
		if (!same) {
			memcpy(st + g, &four, 16), memcpy(st + g + 4, &four, 16);
			memcpy(st + g + 8, &four, 16), memcpy(st + g + 12, &four, 16);
			continue;
		}
		for (unsigned d = ~same & 0xffff; d; d &= d - 1)
			st[g + (unsigned)__builtin_ctz(d)] = four[0];
	}
	if (g >= stop)
		return any;
	uptr k = stop - g;
	unsigned past = 0xffffu << k & 0xffff, same = ml_pck_same16(c + g, pat16) | past;
	if (same == 0xffff)
		return any;
	/* all k change, at least four: in stores that overlap */
	if (k >= 4 && same == past) {
		uint64_t pat = ts * ML_PCK_ONES;
		if (k >= 8)
			memcpy(c + g, &pat, 8), memcpy(c + stop - 8, &pat, 8);
		else
			memcpy(c + g, &pat, 4), memcpy(c + stop - 4, &pat, 4);
		memcpy(st + g, &four, 16), memcpy(st + stop - 4, &four, 16);
		if (k > 8)
			memcpy(st + g + 4, &four, 16);
		if (k > 12)
			memcpy(st + g + 8, &four, 16);
		return 1;
	}
	for (unsigned d = ~same & 0xffff; d; d &= d - 1) {
		unsigned i = (unsigned)__builtin_ctz(d);
		c[g + i] = (unsigned char)ts, st[g + i] = four[0];
	}
	return 1;
}

/* Set granules [g, stop) of chunk c, inside one page, to ts. */
__attribute__((always_inline)) static inline void ml_pck_fill_part(unsigned char *c, unsigned char *x, uptr g, uptr stop, unsigned ts, unsigned stack)
{
	if (ml_pck_fill_run(c, x, g, stop, ts, stack))
		ml_pck_pages(x)[g / ML_PCK_PAGE_GRANS] = ML_PCK_SPLIT;
}

/* Set granules [g, end) of chunk c to ts (a block is transitioned again
 * and again with most of it unchanged): the pages it covers whole that
 * are all ts already are skipped, eight at a time. */
static void ml_pck_fill(unsigned char *c, unsigned char *x, uptr g, uptr end, unsigned ts, unsigned stack)
{
	unsigned char *page = ml_pck_pages(x);
	uptr first = (g + ML_PCK_PAGE_GRANS - 1) & ~(ML_PCK_PAGE_GRANS - 1); /* the first page's start from g on */
	if (first >= end) { /* inside a page */
		ml_pck_fill_part(c, x, g, end, ts, stack);
		return;
	}
	if (g < first)
		ml_pck_fill_part(c, x, g, first, ts, stack);
	uint64_t pat = ts * ML_PCK_ONES;
	for (g = first; g + ML_PCK_PAGE_GRANS <= end; g += ML_PCK_PAGE_GRANS) {
		uptr p = g / ML_PCK_PAGE_GRANS;
		if (page[p] == ts) {
			while (g + 9 * ML_PCK_PAGE_GRANS <= end && ml_load8(page + p + 1) == pat)
				g += 8 * ML_PCK_PAGE_GRANS, p += 8;
			continue;
		}
		ml_pck_fill_run(c, x, g, g + ML_PCK_PAGE_GRANS, ts, stack);
		page[p] = (unsigned char)ts;
	}
	ml_pck_run_note(x, first, g, ts);
	if (g < end)
		ml_pck_fill_part(c, x, g, end, ts, stack);
}

/* Set the k granules of chunk c from g to ts, k at most ML_PCK_SHORT (an
 * object's fields, a small block's payload): in one pass, then the pages
 * they cover whole say ts, and those they cover in part are mixed unless
 * they said ts already (a page of the run stays one). */
#define ML_PCK_SHORT (8 * ML_PCK_PAGE_GRANS)
__attribute__((always_inline)) static inline void ml_pck_fill_short(unsigned char *c, unsigned char *x, uptr g, uptr k, unsigned ts, unsigned stack)
{
	uptr end = g + k;
	ml_pck_run_cut(x, g, end, ts);
	if (!ml_pck_fill_run(c, x, g, end, ts, stack))
		return;
	/* the pages between the first and the last are whole */
	unsigned char *page = ml_pck_pages(x);
	uptr first = g / ML_PCK_PAGE_GRANS, last = (end - 1) / ML_PCK_PAGE_GRANS;
	if (page[first] != ts)
		page[first] = !(g % ML_PCK_PAGE_GRANS) && (first < last || !(end % ML_PCK_PAGE_GRANS)) ? (unsigned char)ts : ML_PCK_SPLIT;
	if (first == last)
		return;
	for (uptr p = first + 1; p < last; p++)
		page[p] = (unsigned char)ts;
	if (page[last] != ts)
		page[last] = end % ML_PCK_PAGE_GRANS ? ML_PCK_SPLIT : (unsigned char)ts;
}

/* Granules g and g + 1 of chunk x's stacks set to stack in one store
 * (gcc otherwise broadcasts the stack into a vector at every transition's
 * entry and spills it). */
__attribute__((always_inline)) static inline void ml_pck_stack2(unsigned char *x, uptr g, unsigned stack)
{
	uint64_t two = (uint64_t)stack << 32 | stack;
	memcpy(ml_pck_stacks(x) + g, &two, 8);
}

/* Set the k granules of chunk c from g, 1 to ML_PCK_FEW, all of which
 * change, to ts (a new object's fields): in stores that overlap. */
__attribute__((always_inline)) static inline void ml_pck_set_few(unsigned char *c, unsigned char *x, uptr g, uptr k, unsigned ts, unsigned stack)
{
	uptr end = g + k;
	if (k >= 4) {
		uint64_t pat = ts * ML_PCK_ONES;
		ml_u32x4 four = {stack, stack, stack, stack};
		memcpy(c + g, &pat, 4), memcpy(c + end - 4, &pat, 4);
		memcpy(ml_pck_stacks(x) + g, &four, 16), memcpy(ml_pck_stacks(x) + end - 4, &four, 16);
	} else if (k >= 2) {
		uint16_t two = (uint16_t)(ts * 0x101u);
		memcpy(c + g, &two, 2), memcpy(c + end - 2, &two, 2);
		ml_pck_stack2(x, g, stack), ml_pck_stack2(x, end - 2, stack);
	} else {
		c[g] = (unsigned char)ts, ml_pck_stacks(x)[g] = stack;
	}
}

/* After granules [g, e) of chunk c, in at most two pages, neither whole,
 * were set to ts: their pages are mixed unless they said ts already (a
 * page of the run stays one). */
__attribute__((always_inline)) static inline void ml_pck_mix_pages(unsigned char *x, uptr g, uptr e, unsigned ts)
{
	unsigned char *first = ml_pck_pages(x) + g / ML_PCK_PAGE_GRANS, *last = ml_pck_pages(x) + (e - 1) / ML_PCK_PAGE_GRANS;
	if (*first != ts)
		*first = ML_PCK_SPLIT;
	if (*last != ts)
		*last = ML_PCK_SPLIT;
}

/* Set the k granules of chunk c from g to ts, k from 2 to ML_PCK_FEW (an
 * object's few fields): without the groups of sixteen (when all change, in
 * stores that overlap), in at most two pages, neither whole:
 * mixed if any changed, unless they said ts already (a page of the run
 * stays one, as in ml_pck_fill_short). Inline whole: gcc outlines it
 * otherwise, a call per object's fields. */
#define ML_PCK_FEW 8
__attribute__((always_inline)) static inline void ml_pck_fill_few(unsigned char *c, unsigned char *x, uptr g, uptr k, unsigned ts, unsigned stack)
{
	uptr end = g + k;
	ml_pck_run_cut(x, g, end, ts);
	/* which of them change, in one compare of eight ids (the load may read
	 * the next chunk's: the map ends a page past the last id) */
	uint64_t mask = ~0ULL >> 8 * (8 - k), d = (ml_load8(c + g) ^ ts * ML_PCK_ONES) & mask;
	if (!d)
		return;
	if ((d - ML_PCK_ONES) & ~d & (ML_PCK_ONES << 7) & mask) /* some of them keep theirs */
		ml_pck_put_some(c, x, g, d, ts, stack);
	else
		ml_pck_set_few(c, x, g, k, ts, stack);
	ml_pck_mix_pages(x, g, end, ts);
}

/* Whether granules [g, e) of chunk c, at most a few pages, all have id ts
 * (the last group's load may read the next chunk's ids). Inline whole:
 * gcc made it a call otherwise, in __ml_pck_pair_rest's common case. */
__attribute__((always_inline)) static inline int ml_pck_all(const unsigned char *c, uptr g, uptr e, unsigned ts)
{
	uint64_t pat = ts * ML_PCK_ONES;
	if (e - g <= 8)
		return g >= e || !((ml_load8(c + g) ^ pat) << 8 * (8 - (e - g)));
	/* the last eight in one load overlapping those before: no tail */
	for (; g + 8 < e; g += 8)
		if (ml_load8(c + g) != pat)
			return 0;
	return ml_load8(c + e - 8) == pat;
}

/* Set bytes [off, end) of chunk c to ts. */
static void ml_pck_put_part(unsigned char *c, unsigned char *x, uptr off, uptr end, unsigned ts, unsigned stack)
{
	if (off & 7) { /* the first granule's tail */
		uptr k = 8 - (off & 7) < end - off ? 8 - (off & 7) : end - off;
		ml_pck_put_bytes(c, x, off, k, ts, stack);
		off += k;
	}
	if (off >> 3 < end >> 3) {
		ml_pck_fill(c, x, off >> 3, end >> 3, ts, stack);
		off = end & ~(uptr)7;
	}
	if (off < end) /* the last granule's head */
		ml_pck_put_bytes(c, x, off, end - off, ts, stack);
}

/* Set bytes [off, end) of chunk c, beside its run of ts, to ts: a short
 * range of whole granules that has it already, a block's edge put again
 * as the block is split, is only compared. */
static inline void ml_pck_put_edge(unsigned char *c, unsigned char *x, uptr off, uptr end, unsigned ts, unsigned stack)
{
	if (((off | end) & 7) || end - off > (2UL << ML_PCK_PAGE) || !ml_pck_all(c, off >> 3, end >> 3, ts))
		ml_pck_put_part(c, x, off, end, ts, stack);
}

/* Whether granules [g, e) of chunk c have ts already, as its run and the
 * edges beside it, up to two pages each, say. */
__attribute__((always_inline)) static inline int ml_pck_beside_run(const unsigned char *c, unsigned char *x, uptr g, uptr e, unsigned ts)
{
	uint64_t r = __atomic_load_n(ml_pck_runp(x), __ATOMIC_ACQUIRE);
	uptr lo = ML_PCK_RUN_LO(r), hi = ML_PCK_RUN_HI(r);
	if (ML_PCK_RUN_TS(r) != ts || g >= hi || lo >= e)
		return 0;
	if (g < lo && (lo - g > 2 * ML_PCK_PAGE_GRANS || !ml_pck_all(c, g, lo, ts)))
		return 0;
	return hi >= e || (e - hi <= 2 * ML_PCK_PAGE_GRANS && ml_pck_all(c, hi, e, ts));
}

/* Whether the n bytes at a, inside one chunk, have ts already, as its run
 * and the edges beside it, whole granules, say (a free block's remainder,
 * put again as the block is split): ml_pck_put_range's common case,
 * inline in each put (a call of its own cost its arguments' moves, the
 * call and its return around some 90 instructions of test). */
__attribute__((always_inline)) static inline int ml_pck_range_has(uptr a, uptr n, unsigned ts)
{
	uptr off = a & (ML_PCK_CHUNK - 1), end = off + n;
	if (((a | n) & 7) || end > ML_PCK_CHUNK || a >> ML_PCK_ADDR_BITS)
		return 0;
	unsigned char *x = __atomic_load_n(&ML_PCK_DIR[a >> ML_PCK_CHUNK_SHIFT], __ATOMIC_ACQUIRE);
	if (!x)
		return 0;
	return ml_pck_beside_run((unsigned char *)__ML_PCK_IDS + ((a >> 3) & ~(ML_PCK_GRANS - 1)), x, off >> 3, end >> 3, ts);
}

/* Set the n bytes at a to ts (ml_pck_put's, but for one granule): of a
 * chunk's run of ts, only what lies outside it. */
static ML_NOINLINE void ml_pck_put_range(uptr a, uptr n, unsigned ts, unsigned stack)
{
	while (n) {
		uptr off = a & (ML_PCK_CHUNK - 1);
		uptr end = ML_PCK_CHUNK - off < n ? ML_PCK_CHUNK : off + n;
		unsigned char *x, *c = ml_pck_chunk(a, ts != 0, &x);
		n -= end - off;
		a += end - off;
		if (!c)
			continue;
		uint64_t r = __atomic_load_n(ml_pck_runp(x), __ATOMIC_ACQUIRE);
		uptr lo = ML_PCK_RUN_LO(r) << 3, hi = ML_PCK_RUN_HI(r) << 3;
		if (ML_PCK_RUN_TS(r) == ts && off < hi && lo < end) {
			if (off < lo)
				ml_pck_put_edge(c, x, off, lo, ts, stack);
			if (hi < end)
				ml_pck_put_edge(c, x, hi, end, ts, stack);
			continue;
		}
		ml_pck_run_cut(x, off >> 3, (end + 7) >> 3, ts);
		ml_pck_put_part(c, x, off, end, ts, stack);
	}
}

/* Set the n bytes at a to ts (a layout's id, below ML_PCK_SPLIT): a put
 * of a transition whose stack is stack. (Inline whole: gcc would make its
 * tests a call of their own.) */
__attribute__((always_inline)) static inline void ml_pck_put(uptr a, uptr n, unsigned ts, unsigned stack)
{
	if (n == 8 && !(a & 7)) { /* a header field's */
		unsigned char *x, *c = ml_pck_chunk(a, ts != 0, &x);
		if (c)
			ml_pck_put_granule(c, x, (a & (ML_PCK_CHUNK - 1)) >> 3, ts, stack);
		return;
	}
	/* (0 bytes, which a transition may put, go on to a range of none) */
	if (!((a | n) & 7) && n - 1 < ML_PCK_SHORT * 8 && (a & (ML_PCK_CHUNK - 1)) + n <= ML_PCK_CHUNK) {
		unsigned char *x, *c = ml_pck_chunk(a, ts != 0, &x);
		if (c && n <= ML_PCK_FEW * 8)
			ml_pck_fill_few(c, x, (a & (ML_PCK_CHUNK - 1)) >> 3, n / 8, ts, stack);
		else if (c)
			ml_pck_fill_short(c, x, (a & (ML_PCK_CHUNK - 1)) >> 3, n / 8, ts, stack);
		return;
	}
	if (!ml_pck_range_has(a, n, ts))
		ml_pck_put_range(a, n, ts, stack);
}

/* ml_pck_put_pair's puts one by one (not aligned, across pages, or no
 * record of the chunk). */
static ML_NOINLINE void ml_pck_put_each(uptr a, unsigned ids, unsigned stack)
{
	ml_pck_put(a, 8, ids & 0xff, stack);
	ml_pck_put(a + 8, 8, ids >> 8, stack);
}

/* Set the two granules at a to the ids that are the bytes of ids, the
 * first's the low one (a header's fields, which the generated header puts
 * together), with one lookup of the chunk: when both change in a page
 * already mixed, as ml_pck_put_granule would set each; else by it. */
__attribute__((always_inline)) static inline void ml_pck_put_pair(uptr a, unsigned ids, unsigned stack)
{
	unsigned char *x, *c;
	uptr g = (a & (ML_PCK_CHUNK - 1)) >> 3;
	if ((a & 7) || (g + 1) % ML_PCK_PAGE_GRANS == 0 || !(c = ml_pck_chunk(a, 1, &x))) {
		ml_pck_put_each(a, ids, stack);
		return;
	}
	uint16_t have;
	memcpy(&have, c + g, 2);
	if (have == ids)
		return;
	if (!((have ^ ids) & 0xff) || !((have ^ ids) & 0xff00) || ml_pck_pages(x)[g / ML_PCK_PAGE_GRANS] != ML_PCK_SPLIT) {
		ml_pck_put_granule(c, x, g, ids & 0xff, stack);
		ml_pck_put_granule(c, x, g + 1, ids >> 8, stack);
		return;
	}
	have = (uint16_t)ids; /* (both ids in one store, the first's the low byte as read) */
	memcpy(c + g, &have, 2);
	ml_pck_stack2(x, g, stack);
}

/* A put of a transition's, a pair's or any other's (bit 63 of ts). */
__attribute__((always_inline)) static inline void ml_pck_put_any(char *a, unsigned long n, unsigned long ts, unsigned stack)
{
	if (ts >> 63)
		ml_pck_put_pair((uptr)a, ts & 0xffff, stack);
	else
		ml_pck_put((uptr)a, n, (unsigned)ts, stack);
}

/* The generated header's struct __ml_pck_tr. */
struct ml_pck_tr {
	unsigned n, stack;
	struct {
		char *a;
		unsigned long nbytes, ts;
	} put[16];
};

/* A transition's puts (internal/typestate/gen.go), in order; their ids
 * are the generated header's constants. Its stack is captured before its
 * first put, once (t->stack: puts that fill the array come here early):
 * nearly every transition changes some granule, and a capture the puts
 * made when one first did was a call, with the fill's registers saved
 * around it, and a test of t->stack at each. */
void __ml_pck_puts_v2(struct ml_pck_tr *t)
{
	ml_rt_enter();
	if (t->n && !t->stack)
		t->stack = ml_stack_capture4();
	unsigned stack = t->stack;
	for (unsigned i = 0; i < t->n && i < sizeof t->put / sizeof t->put[0]; i++)
		ml_pck_put_any(t->put[i].a, t->put[i].nbytes, t->put[i].ts, stack);
	t->n = 0;
	ml_rt_leave();
}

/* A transition of one to four puts, in order, in registers (the generated
 * header's __ml_pck_end: gcc knows the count on each path of a transition,
 * and its array, never passed, is never stored). */
void __ml_pck_puts1(char *a0, unsigned long n0, unsigned long ts0)
{
	ml_rt_enter();
	ml_pck_put_any(a0, n0, ts0, ml_stack_capture4());
	ml_rt_leave();
}

void __ml_pck_puts2(char *a0, unsigned long n0, unsigned long ts0, char *a1, unsigned long n1, unsigned long ts1)
{
	ml_rt_enter();
	unsigned stack = ml_stack_capture4();
	ml_pck_put_any(a0, n0, ts0, stack);
	ml_pck_put_any(a1, n1, ts1, stack);
	ml_rt_leave();
}

void __ml_pck_puts3(char *a0, unsigned long n0, unsigned long ts0, char *a1, unsigned long n1, unsigned long ts1,
                    char *a2, unsigned long n2, unsigned long ts2)
{
	ml_rt_enter();
	unsigned stack = ml_stack_capture4();
	ml_pck_put_any(a0, n0, ts0, stack);
	ml_pck_put_any(a1, n1, ts1, stack);
	ml_pck_put_any(a2, n2, ts2, stack);
	ml_rt_leave();
}

void __ml_pck_puts4(char *a0, unsigned long n0, unsigned long ts0, char *a1, unsigned long n1, unsigned long ts1,
                    char *a2, unsigned long n2, unsigned long ts2, char *a3, unsigned long n3, unsigned long ts3)
{
	ml_rt_enter();
	unsigned stack = ml_stack_capture4();
	ml_pck_put_any(a0, n0, ts0, stack);
	ml_pck_put_any(a1, n1, ts1, stack);
	ml_pck_put_any(a2, n2, ts2, stack);
	ml_pck_put_any(a3, n3, ts3, stack);
	ml_rt_leave();
}

/* A transition whose seq is two fields of a granule each (a header's) and
 * then one put over the rest, the typestate's own bytes or the copies of a
 * leaf of a granule each (a free cell's payload, an object's fields): the
 * generated header's, for nbytes >= 16 and a multiple of 8 (which its
 * fast path does not test again), in three registers: ids is the pair's
 * two ids (its low 16 bits, as a pair put's) and the rest's id (bits 16 to
 * 23). What its fast path does not take, ml_pck_pair_rest_slow makes as
 * two puts. */
static ML_NOINLINE void ml_pck_pair_rest_slow(char *a, unsigned long n, unsigned long ids)
{
	/* (inside the fast path's runtime section; puts it made are made again
	 * unchanged) */
	unsigned stack = ml_stack_capture4();
	ml_pck_put_pair((uptr)a, ids & 0xffff, stack);
	ml_pck_put((uptr)a + 16, n - 16, (ids >> 16) & 0xff, stack);
	ml_rt_leave();
}

/* Whether granules [g, e) of chunk c cross no granule of its run (which
 * has only pages of one id: a change inside it cuts it, a call). */
static inline int ml_pck_off_run(unsigned char *x, uptr g, uptr e)
{
	uint64_t r = __atomic_load_n(ml_pck_runp(x), __ATOMIC_ACQUIRE);
	return g >= ML_PCK_RUN_HI(r) || ML_PCK_RUN_LO(r) >= e;
}

/* Its common cases, with one lookup of the chunk and no dispatch by kind
 * of put: the pair (inside one page, a run it crosses cut as
 * ml_pck_put_granule cuts it; across two, by ml_pck_put_granule), the
 * rest's few granules set as ml_pck_fill_few sets them, its many found
 * beside the chunk's run with their id already (as ml_pck_range_has, the
 * chunk known) or else filled as ml_pck_put fills them; the stack from the
 * thread's memo. */
void __ml_pck_pair_rest(char *a, unsigned long n, unsigned long ids)
{
	ml_rt_enter();
	uptr p = (uptr)a, g = (p & (ML_PCK_CHUNK - 1)) >> 3;
	unsigned char *x;
	unsigned stack;
	/* (misaligned or past the map: one test of the address's bits) */
	if ((p & (~0UL << ML_PCK_ADDR_BITS | 7)) || (p & (ML_PCK_CHUNK - 1)) + n > ML_PCK_CHUNK ||
	    !(x = __atomic_load_n(&ML_PCK_DIR[p >> ML_PCK_CHUNK_SHIFT], __ATOMIC_ACQUIRE)) || !(stack = ml_stack_memo4()))
		goto slow;
	unsigned char *c = (unsigned char *)__ML_PCK_IDS + ((p >> 3) & ~(ML_PCK_GRANS - 1));
	/* the pair, as ml_pck_put_pair */
	uint16_t have, pair = (uint16_t)ids;
	memcpy(&have, c + g, 2);
	if (have != pair && (g + 1) % ML_PCK_PAGE_GRANS == 0) { /* across pages: a granule at a time */
		ml_pck_put_granule(c, x, g, pair & 0xff, stack);
		ml_pck_put_granule(c, x, g + 1, pair >> 8, stack);
	} else if (have != pair) {
		unsigned char *page = ml_pck_pages(x) + g / ML_PCK_PAGE_GRANS;
		if (*page != ML_PCK_SPLIT) { /* (a changed granule's id: the run's is the page's) */
			ml_pck_run_cut(x, g, g + 2, (have ^ pair) & 0xff ? pair & 0xff : pair >> 8);
			*page = ML_PCK_SPLIT;
		}
		if (!((have ^ pair) & 0xff)) {
			c[g + 1] = (unsigned char)(pair >> 8), ml_pck_stacks(x)[g + 1] = stack;
		} else if (!((have ^ pair) & 0xff00)) {
			c[g] = (unsigned char)pair, ml_pck_stacks(x)[g] = stack;
		} else {
			memcpy(c + g, &pair, 2);
			ml_pck_stack2(x, g, stack);
		}
	}
	/* the rest */
	uptr k = (n - 16) >> 3;
	g += 2;
	unsigned ts = (ids >> 16) & 0xff;
	if (k > ML_PCK_FEW) {
		/* a free cell's remainder beside the chunk's run (as ml_pck_range_has,
		 * the chunk known), else a block's payload: as ml_pck_put */
		if (!ml_pck_beside_run(c, x, g, g + k, ts)) {
			if (k <= ML_PCK_SHORT)
				ml_pck_fill_short(c, x, g, k, ts, stack);
			else
				ml_pck_put_range(p + 16, n - 16, ts, stack);
		}
	} else if (k) { /* (an object's fields) */
		/* those past the k granules read as changing: one compare tells
		 * none, all or some of the k change (some: the slow way) */
		uint64_t past = ~0ULL << 4 * k << 4 * k, d = (ml_load8(c + g) ^ ts * ML_PCK_ONES) | past;
		if (d != past) {
			if (((d - ML_PCK_ONES) & ~d & (ML_PCK_ONES << 7)) || !ml_pck_off_run(x, g, g + k))
				goto slow;
			ml_pck_set_few(c, x, g, k, ts, stack);
			ml_pck_mix_pages(x, g, g + k, ts);
		}
	}
	ml_rt_leave();
	return;
slow:
	ml_pck_pair_rest_slow(a, n, ids);
}

/* The headers of an older memlens make no pair. */
void __ml_pck_puts(struct ml_pck_tr *t) __attribute__((alias("__ml_pck_puts_v2")));

void __ml_pck_put(void *addr, unsigned long n, unsigned ts)
{
	if (ts >= ML_PCK_SPLIT) /* (the program's own value) */
		return;
	ml_rt_enter();
	ml_pck_put((uptr)addr, n, ts, ml_stack_capture4());
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
		unsigned char *x, *c = ml_pck_chunk(a + i, 0, &x);
		uptr off = (a + i) & (ML_PCK_CHUNK - 1);
		uptr end = ML_PCK_CHUNK - off < n - i ? ML_PCK_CHUNK : off + n - i;
		uptr base = a + i - off; /* the chunk's first address */
		i += end - off;
		if (!c) { /* the rest of the chunk is UNMAPPED */
			if (!ml_bit(perm, 0)) {
				*bad = base + off, *bad_id = 0;
				return 0;
			}
			continue;
		}
		const unsigned char *page = ml_pck_pages(x);
		uint64_t ok = 0; /* 8 copies of the last id found permitted, once one is */
		int known = 0;
		for (uptr o = off; o < end;) {
			uptr g = o >> 3;
			if (known && !(o & 7)) {
				/* (a loop's pre-check scans a whole payload: pages all of
				 * that id at once, then 8 granules at a time) */
				while (!(g % ML_PCK_PAGE_GRANS) && o + (1UL << ML_PCK_PAGE) <= end && page[g / ML_PCK_PAGE_GRANS] == (ok & 0xff))
					o += 1UL << ML_PCK_PAGE, g += ML_PCK_PAGE_GRANS;
				while (o + 64 <= end && ml_load8(c + g) == ok)
					o += 64, g += 8;
				if (o + 8 <= end && c[g] == (ok & 0xff)) {
					o += 8;
					continue;
				}
				if (o >= end)
					break;
			}
			unsigned id = c[g];
			if (id == ML_PCK_SPLIT) { /* byte by byte */
				id = ml_pck_bytes(x)[o];
				if (!ml_bit(perm, id)) {
					*bad = base + o, *bad_id = id;
					return 0;
				}
				o++;
				continue;
			}
			if (!ml_bit(perm, id)) {
				*bad = base + o, *bad_id = id;
				return 0;
			}
			ok = id * ML_PCK_ONES, known = 1;
			o = (g + 1) << 3;
		}
	}
	return 1;
}

/* The granule id all the n bytes at a, inside one chunk, have (0 for a
 * chunk not made), or ML_PCK_SPLIT if they do not have one. */
static unsigned ml_pck_one_id(uptr a, uptr n)
{
	uptr off = a & (ML_PCK_CHUNK - 1);
	if (off + n > ML_PCK_CHUNK)
		return ML_PCK_SPLIT;
	unsigned char *x;
	const unsigned char *c = ml_pck_chunk(a, 0, &x);
	if (!c)
		return 0;
	uptr g = off >> 3, end = (off + n + 7) >> 3;
	unsigned id = c[g];
	uint64_t pat = id * ML_PCK_ONES;
	/* (a payload copied is often hundreds of granules: sixteen at a time) */
	ml_u8x16 pat16 = (ml_u8x16){0} + (unsigned char)id;
	for (g++; g + 16 <= end; g += 16)
		if (ml_pck_same16(c + g, pat16) != 0xffff)
			return ML_PCK_SPLIT;
	if (g + 8 <= end) {
		if (ml_load8(c + g) != pat)
			return ML_PCK_SPLIT;
		g += 8;
	}
	if (g < end && (ml_load8(c + g) ^ pat) << 8 * (8 - (end - g)))
		return ML_PCK_SPLIT;
	return id;
}

/* Whether the n bytes at a, inside one chunk, are all of one granule id
 * that the thread's permissions for an access of kind w allow: the common
 * case of a range's check (a payload copied, a loop's range), without the
 * scan and the thread's set-up ml_pck_allowed needs (a thread not set up
 * yet has no permission). */
static int ml_pck_plain(uptr a, uptr n, int w)
{
	const unsigned long *perm = __ml_pck_perm + 4 * (w != 0);
	unsigned id = ml_pck_one_id(a, n);
	return (int)(perm[id >> 6] >> (id & 63) & 1); /* (never a split granule's) */
}

void __ml_pck_chk_slow(uptr a, uptr n, const site_t *site, int w)
{
	if (ml_pck_plain(a, n, w))
		return;
	struct ml_pck_thread *t = ml_pck_self();
	uptr bad;
	unsigned id;
	if (!ml_pck_allowed(a, n, t->f[ml_pck_depth(t)].perm[w ? 1 : 0], &bad, &id))
		ml_pck_violation(a, n, bad, id, site, w, 0);
}

/* memlens.h's __ml_pck_chk_local, when its inline test fails: the check
 * with fn's frame pushed, as in a function that pushes one. */
void __ml_pck_chk_local_slow(uptr a, uptr n, const site_t *site, int w, struct __ml_pck_fn *fn)
{
	const unsigned long *from = __ml_pck_enter(fn);
	__ml_pck_chk_slow(a, n, site, w);
	__ml_pck_leave(&from);
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
	if (ml_pck_plain(a, n, w))
		return n - size + 1;
	struct ml_pck_thread *t = ml_pck_self();
	uptr bad;
	unsigned id;
	if (!ml_pck_allowed(a, n, t->f[ml_pck_depth(t)].perm[w ? 1 : 0], &bad, &id))
		return 0;
	return n - size + 1;
}

/* __ml_pck_pre in a function whose grants are a local: with fn's frame
 * pushed. */
uptr __ml_pck_pre_local(uptr a, uptr n, uptr size, int w, struct __ml_pck_fn *fn)
{
	if (n >= size && n <= ML_PCK_PRE_MAX && size && __atomic_load_n(&fn->ready, __ATOMIC_ACQUIRE)) {
		/* the common case with the local's bits (__ml_pck_enter_local's),
		 * without pushing the frame */
		unsigned long mine = (__ml_pck_perm[4 * (w != 0)] & fn->keep) | (w ? fn->set_w : fn->set_r);
		unsigned id = ml_pck_one_id(a, n);
		if (id < 64 && (mine >> id & 1))
			return n - size + 1;
	}
	const unsigned long *from = __ml_pck_enter(fn);
	uptr k = __ml_pck_pre(a, n, size, w);
	__ml_pck_leave(&from);
	return k;
}

void ml_pck_range(const void *p, uptr n, int w)
{
	if (n && !ml_pck_plain((uptr)p, n, w))
		__ml_pck_chk_slow((uptr)p, n, ml_caller_site(), w);
}

void __ml_pck_assert(const void *addr, unsigned ts)
{
	unsigned id = ml_pck_id((uptr)addr);
	if (id != ts)
		ml_pck_violation((uptr)addr, 0, (uptr)addr, id, ml_caller_site(), 0, &ts);
}

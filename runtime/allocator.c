/* allocator.c: the heap API, interposed, plus the __ml_ versions that
 * instrumented code calls.
 *
 * Memory comes from glibc (__libc_malloc & co); memlens adds a record per
 * block: base = the user pointer, end = base + the requested size, a fresh
 * block id and the allocation stack. free() is validated against the
 * pointer's meta before anything reaches libc; invalid frees are reported
 * and dropped (passing them on would corrupt glibc's heap).
 *
 * The public symbols (malloc, free, ...) serve everyone: libc itself
 * (fopen, getline, strdup inside libc), uninstrumented objects, and ld.so
 * once relocation is done. Their pointer arguments have no meta unless the
 * caller tagged the call for them (a call through a function pointer from
 * instrumented code), so they resolve pointers through the heap map.
 *
 * A free is "validated" by one CAS on the record's generation (from the
 * meta's generation to the next one): the CAS serialises racing frees of
 * one block without a lock, and the bump alone turns every meta of the
 * block, and the heap map entry, into dangling ones.
 */
#include "internal.h"

#include <errno.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>

/* The malloc and free paths' own steps, in one body with their callers:
 * their calls and saved registers were 9M of list.c's 62M of memlens's
 * instructions in malloc and free (but ml_alloc: docs/ARCHITECTURE.md). */
#define ML_HOT_INLINE inline __attribute__((always_inline))

/* Meta of argument i of a public function: tagged by an instrumented
 * caller, or unknown. Only a tag for this very function is consumed. */
static inline meta_t ml_pub_meta(uptr self, unsigned i)
{
	if (__ml_t.callee == self) {
		__ml_t.callee = 0;
		return __ml_t.arg[i];
	}
	return __ML_WILD;
}

/* (inline: most copies are of a word or two, and a call with eight
 * arguments cost a third of them) */
static inline __attribute__((always_inline)) void ml_copy_shadow(void *dst, const void *src, const void *vals,
                                                                 __ml_uptr n, meta_t dtag, meta_t stag, int count,
                                                                 const site_t *site);
static void ml_shadow_zero(uptr p, uptr n);

/* ---- records of blocks ---- */

/* Register a block libc just returned, with cold flags (ML_CF_FOREIGN or
 * 0; ML_CF_IGNORED added while the thread has the leak check disabled,
 * as LSan tags a block by when it is made, a realloc's new one too);
 * returns its meta. */
static meta_t ml_register_block(void *p, size_t n, uint32_t flags)
{
	meta_t m = ml_new_record(p, n, __ML_KIND_HEAP, ml_stack_capture(0));
	if (ML_UNLIKELY(ml_tls.lsan_disabled))
		flags |= ML_CF_IGNORED;
	if (flags)
		ML_STORE(&ML_COLD[ml_meta_slot(m)].flags, flags);
	ml_loss_block(m, !(flags & (ML_CF_FOREIGN | ML_CF_IGNORED)));
	ml_heap_insert((uptr)p, n, m);
	return m;
}

/* ---- the pools of small blocks ---- */

/* Blocks of 64 bytes at most get cells of pools of memlens's own, not
 * glibc's chunks: a cell has no header (a 32-byte structure takes 32
 * bytes, not glibc's 48), and so neither has its pointer shadow. And a
 * block of a size not a multiple of 8 (a string, mostly) holds no array
 * of pointers: it goes to a pool of its own, so the pointer shadow's pages
 * under the strings are never touched, where glibc put them between the
 * structures whose pointers fill the shadow (forest's labels between its
 * nodes). A guess that costs memory only: a pointer stored in a block of
 * the strings' pool has its shadow as anywhere. Cells of 32, 48 and 64
 * bytes, a free list each, never merged, starting 16-aligned, as glibc's
 * chunks; and a block of 16 bytes at most takes a cell of 16 in a pool of
 * its own (of strings or of structures, as above), half of glibc's
 * smallest chunk (graph's edges: an int, an int and a pointer), whose map
 * entry is in the live-base map (ml_heap_insert): two such cells share a
 * heap-map granule, which starts at most one block of the other pools. The
 * reservation lies just below a PIE program's image where it can, in its
 * application range and near glibc's heap (the leak check's span of live
 * blocks), else where the kernel puts it; without one, every block is
 * glibc's. */
/* Each pool's reservation: the four take 32 GiB, as the two of 16 did
 * (Valgrind's tools refused 64, and every block was then glibc's). */
#define ML_POOL_SIZE (1UL << 33)
/* The reservation is PROT_NONE but for the part handed out, opened
 * ML_POOL_GROW bytes at a time: a program that runs on reading past its
 * blocks after memlens's report faults at the pool's end, as at the end
 * of glibc's heap, instead of walking 8 GiB of zero pages. */
#define ML_POOL_GROW (256UL << 10)
/* Each thread takes fresh cells from a run of ML_CELL_RUN bytes of its
 * own and keeps up to ML_CELL_CACHE freed cells of each pool and size
 * (ml_tls.cells), so most small mallocs and frees take no lock; a thread
 * short of cells takes ML_CELL_REFILL of the shared lists at once. */
#define ML_CELL_RUN 4096
#define ML_CELL_CACHE 64
#define ML_CELL_REFILL 32
struct ml_pool {
	uptr next;           /* its cells from here on never handed to a thread */
	uptr open;           /* the end of its part readable and writable */
	uptr free[3];        /* cells handed back, listed through their first word */
};
/* A freed cell's link is stored XORed with a random key and taken only if
 * it names a cell of its pool: a program that goes on to write past a
 * block after memlens's report (or into a freed one), with no glibc header
 * between cells, writes over a neighbour's link, and a pointer or string
 * stored there must not make a cell handed out twice or a wild one; a link
 * found bad drops the rest of its list (their memory only is lost). */
struct ml_pools {
	int lock;
	int off;             /* no reservation (mmap failed) */
	uptr lo, hi;         /* the reservation: the strings' pool, the structures', then their 16-byte ones */
	uptr key;            /* the links' XOR key */
	struct ml_pool pool[ML_POOLS_N];
};
_Static_assert(ML_ST_POOL + sizeof(struct ml_pools) <= ML_ST_TINY && ML_ST_TINY + sizeof(struct ml_tiny) <= ML_ST_FLAGS,
               "the pools' state fits");
#define ML_POOLS (&ML_STATE_AT(struct ml_pools, ML_ST_POOL))

#define ml_pool_class(n) ((n) <= 32 ? 0u : (n) <= 48 ? 1u : 2u)

/* The pool of a block of n bytes (at most ML_POOL_MAX): strings (0) or
 * structures (1), of 16-byte cells (2, 3) for 16 bytes at most; the size
 * of pool k's cells of class c. */
#define ML_POOL_OF(n) (!((n) & 7) + 2 * ((n) <= 16))
#define ML_CELL_SIZE(k, c) ((k) >= 2 ? 16 : 32 + 16 * (c))
/* A block of n bytes' list in ml_tls.cells (k * 3 + c: bits 0-3), pool
 * (bits 4-5) and cell size / 16 (bits 6-8), read from a table: one load
 * where computing them took the malloc path more instructions than that. */
#define ML_CELL_OF(n)                                                              \
	((ML_POOL_OF(n) * 3 + ml_pool_class(n)) | (ML_POOL_OF(n) << 4) |              \
	 ((ML_CELL_SIZE(ML_POOL_OF(n), ml_pool_class(n)) / 16) << 6))
#define ML_CELL_OF4(n) ML_CELL_OF(n), ML_CELL_OF(n + 1), ML_CELL_OF(n + 2), ML_CELL_OF(n + 3)
#define ML_CELL_OF16(n) ML_CELL_OF4(n), ML_CELL_OF4(n + 4), ML_CELL_OF4(n + 8), ML_CELL_OF4(n + 12)
static const uint16_t ml_cell_of[ML_POOL_MAX + 1] = {ML_CELL_OF16(0), ML_CELL_OF16(16), ML_CELL_OF16(32),
                                                     ML_CELL_OF16(48), ML_CELL_OF(64)};

static inline int ml_pool_has(uptr p)
{
	const struct ml_pools *ps = ML_POOLS;
	return p - ps->lo < ps->hi - ps->lo;
}

static ML_SLOW void ml_pool_map(struct ml_pools *ps)
{
	extern char __executable_start[];
	uptr n = ML_POOLS_N * ML_POOL_SIZE, image = (uptr)__executable_start & ~(ML_POOL_SIZE - 1);
	void *p = MAP_FAILED;
	if (image >= 0x510000000000UL + n)
		p = mmap((void *)(image - n), n, PROT_NONE,
		         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
	if (p == MAP_FAILED) /* (not a PIE, or its place taken: anywhere) */
		p = mmap(0, n, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		ps->off = 1;
		return;
	}
	memcpy(&ps->key, (const void *)getauxval(AT_RANDOM), sizeof ps->key);
	ps->lo = (uptr)p;
	ps->hi = (uptr)p + n;
	/* (each pool's first page opened but never handed out: a program going
	 * on from an underflow of its first cell reads zeros, as it reads
	 * glibc's own chunk before the heap's first) */
	for (unsigned k = 0; k < ML_POOLS_N; k++) {
		ps->pool[k].open = ps->lo + k * ML_POOL_SIZE;
		ps->pool[k].next = ps->pool[k].open + 4096;
	}
	/* (before any of their cells is handed out) */
	ML_STORE(&ML_TINY->lo, ps->lo + 2 * ML_POOL_SIZE);
	ML_STORE(&ML_TINY->hi, ps->hi);
}

/* The cell after cell in a list of pool k, or 0 (the list's end, or a link
 * that names no cell handed out). */
static inline uptr ml_cell_link(const struct ml_pools *ps, unsigned k, uptr cell)
{
	uptr link = *(uptr *)cell ^ ps->key, base = ps->lo + k * ML_POOL_SIZE;
	return link - base < ML_LOAD(&ps->pool[k].next) - base && !(link & 15) ? link : 0;
}

/* This thread's list of free cells of pool k and size class c, not
 * empty, goes to the front of the pool's. */
static ML_SLOW void ml_cell_list_give(struct ml_pools *ps, unsigned k, unsigned c)
{
	struct ml_cell_list *l = &ml_tls.cells[k][c];
	ml_spin_lock(&ps->lock);
	*(uptr *)(l->tail ^ ps->key) = ps->pool[k].free[c] ^ ps->key;
	ML_STORE(&ps->pool[k].free[c], l->head);
	ml_spin_unlock(&ps->lock);
	l->head = 0, l->n = 0;
}

/* Put a free cell of pool k and size class c in this thread's list; a
 * full list goes to the pool's. */
static inline void ml_cell_keep(struct ml_pools *ps, unsigned k, unsigned c, uptr cell)
{
	struct ml_cell_list *l = &ml_tls.cells[k][c];
	*(uptr *)cell = l->head ^ ps->key;
	if (!l->n++)
		l->tail = cell ^ ps->key;
	l->head = cell;
	if (ML_UNLIKELY(l->n == ML_CELL_CACHE))
		ml_cell_list_give(ps, k, c);
}

/* Split the rest of this thread's run of pool k into free cells. */
static void ml_cell_run_drop(struct ml_pools *ps, unsigned k)
{
	uptr *run = ml_tls.cell_run[k], next = run[0] ^ ps->key, end = run[1] ^ ps->key;
	while (end - next >= ML_CELL_SIZE(k, 0)) {
		uptr size = k >= 2 ? 16 : end - next < 64 ? end - next : 64;
		ml_cell_keep(ps, k, ml_pool_class(size), next);
		next += size;
	}
	run[0] = next ^ ps->key;
}

/* A fresh cell of size bytes of pool k, from a new run of this thread's
 * (the rest of the old one kept as free cells); 0 if the pool is full or
 * was never reserved. */
static ML_SLOW uptr ml_cell_fresh(struct ml_pools *ps, unsigned k, uptr size)
{
	uptr *run = ml_tls.cell_run[k], p = 0;
	ml_cell_run_drop(ps, k);
	ml_spin_lock(&ps->lock);
	if (ML_UNLIKELY(!ps->hi) && !ps->off)
		ml_pool_map(ps);
	struct ml_pool *pl = &ps->pool[k];
	uptr end = ps->lo + (k + 1) * ML_POOL_SIZE;
	if (!ps->off && end - pl->next >= ML_CELL_RUN) {
		if (pl->next + ML_CELL_RUN > pl->open &&
		    mprotect((void *)pl->open, ML_POOL_GROW, PROT_READ | PROT_WRITE) == 0)
			pl->open += ML_POOL_GROW;
		if (pl->next + ML_CELL_RUN <= pl->open) {
			p = pl->next;
			run[0] = (p + size) ^ ps->key, run[1] = (p + ML_CELL_RUN) ^ ps->key;
			ML_STORE(&pl->next, p + ML_CELL_RUN);
		}
	}
	ml_spin_unlock(&ps->lock);
	return p;
}

/* Refill this thread's empty list of pool k and class c from the pool's:
 * its first cell, or 0. */
static ML_SLOW uptr ml_cell_refill(struct ml_pools *ps, unsigned k, unsigned c)
{
	struct ml_cell_list *l = &ml_tls.cells[k][c];
	uptr first, last = 0, p;
	unsigned n = 0;
	ml_spin_lock(&ps->lock);
	first = p = ps->pool[k].free[c];
	for (; p && n < ML_CELL_REFILL; n++)
		last = p, p = ml_cell_link(ps, k, p);
	ML_STORE(&ps->pool[k].free[c], p);
	ml_spin_unlock(&ps->lock);
	if (!n)
		return 0;
	*(uptr *)last = ps->key; /* (the list's end) */
	l->head = ml_cell_link(ps, k, first);
	l->tail = last ^ ps->key;
	l->n = n - 1;
	return first;
}

/* A cell for a block of n bytes (1 to ML_POOL_MAX), zeroed if zero; 0 if
 * the pool has none. */
static ML_HOT_INLINE void *ml_pool_take(size_t n, int zero)
{
	struct ml_pools *ps = ML_POOLS;
	unsigned e = ml_cell_of[n], k = e >> 4 & 3, c = (e & 15) - 3 * k;
	struct ml_cell_list *l = &ml_tls.cells[0][0] + (e & 15);
	uptr size = (e >> 6) * 16, p = l->head, *run;
	if (ML_LIKELY(p)) {
		l->head = ml_cell_link(ps, k, p);
		l->n = l->head ? l->n - 1 : 0;
	} else if (!ML_LOAD(&ps->pool[k].free[c]) || !(p = ml_cell_refill(ps, k, c))) {
		/* (the pool's list glanced at without the lock or a call: a
		 * program that only allocates never takes either) */
		run = ml_tls.cell_run[k];
		p = run[0] ^ ps->key;
		if ((run[1] ^ ps->key) - p >= size)
			run[0] = (p + size) ^ ps->key;
		else
			p = ml_cell_fresh(ps, k, size);
		return (void *)p; /* (a fresh cell: zero) */
	}
	if (zero)
		memset((void *)p, 0, size);
	return (void *)p;
}

/* This thread's cells back to the pools' lists (it is ending). */
void ml_pool_thread_exit(void)
{
	struct ml_pools *ps = ML_POOLS;
	ml_rt_enter(); /* (a signal handler's malloc waits for the lists) */
	for (unsigned k = 0; k < ML_POOLS_N; k++) {
		ml_cell_run_drop(ps, k);
		for (unsigned c = 0; c < 3; c++)
			if (ml_tls.cells[k][c].n)
				ml_cell_list_give(ps, k, c);
	}
	ml_rt_leave();
}

/* Around fork: the child's pools must not be locked by a thread it has
 * not. */
void ml_pools_lock(void)
{
	ml_spin_lock(&ML_POOLS->lock);
}

void ml_pools_unlock(void)
{
	ml_spin_unlock(&ML_POOLS->lock);
}

/* The part of the pools' reservation whose cells were ever handed out,
 * [*lo, *hi) (empty without a reservation), for the leak check: a heap
 * block there is a cell's, of ML_POOL_MAX bytes at most and the only block
 * to start in its heap-map granule (its live-base one: 16 bytes at most),
 * so the map leads to it. (Cells handed out later lie past *hi.) */
void ml_pools_used(uptr *lo, uptr *hi)
{
	const struct ml_pools *ps = ML_POOLS;
	uptr base = ML_LOAD(&ps->lo), top = base;
	for (unsigned k = 0; base && k < ML_POOLS_N; k++) {
		uptr next = ML_LOAD(&ps->pool[k].next);
		if (next > top)
			top = next;
	}
	*lo = base;
	*hi = top;
}

/* A new block of n bytes (zeroed if zero): a pool's cell, or glibc's. */
static ML_HOT_INLINE void *ml_heap_get(size_t n, int zero)
{
	void *p = n <= ML_POOL_MAX ? ml_pool_take(n, zero) : 0;
	if (!p)
		p = zero ? __libc_calloc(1, n) : __libc_malloc(n);
	return p;
}

/* Hand back the memory of a block of n bytes that ml_heap_get gave. */
static ML_HOT_INLINE void ml_heap_put(void *p, size_t n)
{
	struct ml_pools *ps = ML_POOLS;
	if (!ml_pool_has((uptr)p)) {
		__libc_free(p);
		return;
	}
	ml_cell_keep(ps, ((uptr)p - ps->lo) / ML_POOL_SIZE, ml_pool_class(n), (uptr)p);
}

/* ML_UNDEF: for the instrumented program, whose reads of it are checked
 * for definedness (libc's own blocks, ML_PLAIN, are never poisoned). */
enum { ML_PLAIN, ML_ZERO, ML_UNDEF, ML_HOW = 3,
       ML_FOREIGN = 4 /* flag: asked for by code memlens does not see (leaks.c) */ };

/* (neither it nor ml_register_block ML_HOT_INLINE: inlined into
 * __ml_malloc, a copy of the new block's pointer outlived the call, and
 * reached the stack of the next thread created, whose leak check took a
 * lost block for reachable: bugs/leak_exit_from_thread, in detection mode
 * with ml_alloc inline, with full checking with ml_register_block) */
static void *ml_alloc(size_t n, size_t align, int how, meta_t *mp)
{
	size_t real = n ? n : 1; /* a distinct pointer even for size 0 */
	void *p;
	/* (libc's allocator and this thread's slot cache: a section, so a
	 * signal handler allocating too waits for its end) */
	ml_rt_enter();
	if (align)
		p = __libc_memalign(align, real);
	else
		p = ml_heap_get(real, (how & ML_HOW) == ML_ZERO);
	if (!p) {
		*mp = __ML_NULL;
	} else {
		*mp = ml_register_block(p, n, (how & ML_FOREIGN) ? ML_CF_FOREIGN : 0);
		/* (libc's own buffers are no part of the program's graph) */
		if (ML_UNLIKELY(__ml_graph) && !(how & ML_FOREIGN))
			ml_graph_alloc(p, n, ml_caller_site());
	}
	if (p && (how & ML_HOW) == ML_UNDEF && ml_def_kept())
		__ml_poison((uptr)p, n, 0, __ML_WILD);
	ml_rt_leave();
	return p;
}

/* ---- free validation ---- */

/* Outcome of validating a pointer handed to free/realloc. */
enum { ML_REL_INVALID, ML_REL_OK, ML_REL_FOREIGN };

/* Resolve the meta of a pointer being freed: the caller's, or the heap map's
 * when the caller's says nothing about heap blocks. */
static ML_HOT_INLINE meta_t ml_resolve_free_meta(void *p, meta_t m)
{
	unsigned s = ml_meta_slot(m);
	if (ml_slot_in_use(s))
		return m;
	meta_t hm;
	if (ml_live_lookup((uptr)p, &hm))
		return hm;
	return __ML_WILD;
}

static ML_SLOW void ml_bad_free(void *p, meta_t m, enum ml_access acc, const char *fn,
                                const char *note, uptr pc, const struct ml_pv *pv)
{
	struct ml_event ev = {0};
	if (pv) {
		ev.pv = *pv;
		ev.has_pv = 1;
	}
	ev.point = ML_FREE;
	ev.access = acc;
	ev.p = (uptr)p;
	ev.m = m;
	ev.site = ml_caller_site();
	ev.pc = pc;
	ev.fn = fn;
	ev.note = note;
	ml_detect(&ev);
}

/* Validate free(p) (or the release half of realloc) and retire the block:
 * on ML_REL_OK the generation is bumped and *slot is the block's slot, to be
 * handed back with ml_slot_put once libc has the memory. pv: the
 * provenance of p, if known. */
static ML_HOT_INLINE int ml_release(void *p, meta_t m, enum ml_access acc, uptr pc, unsigned *slot,
                      meta_t *resolved, const struct ml_pv *pv)
{
	m = ml_resolve_free_meta(p, m);
	*resolved = m;
	unsigned s = ml_meta_slot(m);
	unsigned g = ml_meta_gen(m);
	struct __ml_rec *r = &__ML_RECS[s];
	/* a program's rules watch frees (free points), or keep the freed
	 * blocks (F): a valid free, before it happens */
	if (ML_UNLIKELY(ML_LOAD(&ml_rules_logging)))
		ml_rules_free(p, m, acc, pc, pv);

	if (ML_LIKELY(ml_rec_kind(r) == __ML_KIND_HEAP &&
	              ML_LOAD(&r->base) == (uptr)p &&
	              __atomic_compare_exchange_n(&r->gen, &g, ml_next_gen(g), 0, __ATOMIC_ACQ_REL,
	                                          __ATOMIC_RELAXED))) {
		struct ml_cold *c = &ML_COLD[s];
		struct ml_freed *fd = ml_freed_at(s);
		uint32_t was = ML_LOAD(&c->flags);
		ML_STORE(&fd->free_stack, ml_stack_capture(0));
		ml_rare_set(&ML_RARE[s].free_tid, ml_self_id());
		ML_STORE(&c->flags, ML_CF_FREED | (acc == ML_ACC_REALLOC ? ML_CF_REALLOC : 0) |
		                        (was & (ML_CF_FOREIGN | ML_CF_LOST)));
		ml_explain_free(fd, m, pv);
		/* (its dangling pointers count nothing) */
		if (ml_loss_frees())
			ml_loss_gone(s, !(was & (ML_CF_FOREIGN | ML_CF_IGNORED)));
		*slot = s;
		return ML_REL_OK;
	}
	if (s < __ML_FIRST_SLOT && ml_init_block_take(p))
		return ML_REL_FOREIGN; /* libc's, from before the runtime was up */
	ml_bad_free(p, m, acc, 0, 0, pc, pv);
	return ML_REL_INVALID;
}

static ML_HOT_INLINE void ml_free(void *p, meta_t m, uptr pc, const struct ml_pv *pv)
{
	unsigned s;
	meta_t rm;
	uptr size;
	if (!p)
		return;
	ml_rt_enter();
	switch (ml_release(p, m, ML_ACC_FREE, pc, &s, &rm, pv)) {
	case ML_REL_OK:
		size = ML_LOAD(&__ML_RECS[s].end) - (uptr)p;
		if (ML_UNLIKELY(__ml_graph))
			ml_graph_free(p, ml_caller_site());
		/* the pointers it holds are gone (unless it was reported lost,
		 * which let them go); the call tests loss tracking first too */
		if (ML_LOAD(&ml_loss_on) && !(ML_LOAD(&ML_COLD[s].flags) & ML_CF_LOST))
			ml_loss_release((uptr)p, size, rm, ML_LOSS_FREED);
		/* whoever gets the memory next starts from defined bytes */
		ml_def_clear(p, size);
		ml_heap_put(p, size);
		ml_slot_put(s);
		break;
	case ML_REL_FOREIGN:
		__libc_free(p);
		break;
	default:
		break; /* reported; never handed to libc */
	}
	ml_rt_leave();
}

/* undef: the growth is the instrumented program's, undefined until written
 * (else the caller is code memlens does not see). The new block belongs
 * to whoever the old one did. */
/* (ml_realloc's, inside its runtime section) */
static void *ml_realloc_body(void *p, meta_t m, size_t n, uptr pc, int undef, meta_t *mp,
                             const struct ml_pv *pv)
{
	unsigned s;
	meta_t rm;
	if (!p)
		return ml_alloc(n, 0, undef ? ML_UNDEF : ML_PLAIN | ML_FOREIGN, mp);
	*mp = __ML_NULL;
	if (n == 0) {
		/* glibc: realloc(p, 0) frees p and returns NULL. */
		ml_free(p, m, pc, pv);
		return 0;
	}
	int v = ml_release(p, m, ML_ACC_REALLOC, pc, &s, &rm, pv);
	if (v == ML_REL_FOREIGN) {
		void *q = __libc_realloc(p, n);
		if (q)
			*mp = ml_register_block(q, n, ML_CF_FOREIGN);
		return q;
	}
	if (v != ML_REL_OK) {
		errno = ENOMEM;
		return 0;
	}
	uptr oldsize = ML_LOAD(&__ML_RECS[s].end) - (uptr)p;
	uint32_t foreign = ML_LOAD(&ML_COLD[s].flags) & ML_CF_FOREIGN;
	/* Always a new address, as ASan and Valgrind give: a use of the old
	 * pointer is then always found, and code that updates its links to
	 * the block only when realloc moved it (redis's rax.c) stays right,
	 * where a block kept in place under a new identity left its links
	 * naming the retired one. */
	void *q = ml_heap_get(n, 0);
	if (!q) {
		/* The old block survives a failed realloc: undo the bump. */
		ML_STORE(&ML_COLD[s].flags, foreign);
		ML_REL(&__ML_RECS[s].gen, ml_meta_gen(rm));
		ml_loss_back(rm, !foreign);
		return 0;
	}
	*mp = ml_register_block(q, n, foreign);
	if (!foreign)
		ml_graph_realloc(p, q, n, ml_caller_site());
	/* pointers stored in the block keep their metas, retagged to the new
	 * block */
	uptr kept = oldsize < n ? oldsize : n;
	memcpy(q, p, kept);
	/* the references move with it */
	ml_copy_shadow(q, p, q, kept, *mp, rm, 0, ml_caller_site());
	ml_shadow_zero((uptr)p, oldsize);
	__ml_def_copy((uptr)q, (uptr)p, kept, *mp, __ML_WILD, ml_caller_site());
	/* (libc's again: whoever gets it next starts from defined bytes) */
	ml_def_clear(p, oldsize);
	ml_heap_put(p, oldsize);
	if (undef && n > oldsize)
		__ml_poison((uptr)q + oldsize, n - oldsize, 0, __ML_WILD);
	ml_slot_put(s);
	return q;
}

static void *ml_realloc(void *p, meta_t m, size_t n, uptr pc, int undef, meta_t *mp,
                        const struct ml_pv *pv)
{
	ml_rt_enter();
	void *q = ml_realloc_body(p, m, n, pc, undef, mp, pv);
	ml_rt_leave();
	return q;
}

/* Validate a pointer some libc function will realloc (getline's *lineptr)
 * without releasing it: 1 when p is NULL or the start of a live heap block,
 * otherwise the error is reported (as realloc would be) and 0 returned. */
int ml_check_realloc_arg(void *p, meta_t m, const char *fn, uint64_t *size)
{
	if (!p)
		return 1;
	meta_t rm = ml_resolve_free_meta(p, m);
	const struct __ml_rec *r = &__ML_RECS[ml_meta_slot(rm)];
	if (ml_rec_kind(r) == __ML_KIND_HEAP && r->gen == ml_meta_gen(rm) &&
	    r->base == (uptr)p) {
		*size = r->end - r->base;
		return 1;
	}
	struct ml_pv pv;
	ml_bad_free(p, rm, ML_ACC_REALLOC, fn, "*lineptr is handed to realloc", 0,
	            ml_arg_pv(m, &pv) ? &pv : 0);
	return 0;
}

static int ml_pow2(size_t a)
{
	return a && !(a & (a - 1));
}

static size_t ml_page(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

/* ---- __ml_meta_of and __ml_copy_shadow ---- */

/* NULL -> NULL's meta; an address no object can have -> INVALID; the base
 * of a live heap block (or registered variable) -> its meta; anything else
 * -> WILD. Only live blocks: the base of a freed block may by now be
 * an interior address of a live one (glibc coalesces), and a pointer there
 * handed out by libc (readdir's dirent) is no dangling pointer. */
__ml_meta_t __ml_meta_of(const void *p)
{
	meta_t m;
	if (!p)
		return __ML_NULL;
	if (ML_UNLIKELY(ml_never_object((uptr)p)))
		return __ML_INVALID;
	if (ML_UNLIKELY(ml_state != ML_READY))
		return __ML_WILD;
	/* glibc's blocks are 16-byte aligned: anything else is no block's
	 * start */
	if (!((uptr)p & 15) && ml_live_lookup((uptr)p, &m) &&
	    ML_LOAD(&__ML_RECS[ml_meta_slot(m)].gen) == ml_meta_gen(m))
		return m;
	/* A pointer just past a header an allocator wrote at its block's
	 * start (SQLite's size word), handed through va_arg or an integer,
	 * is that block's: its loss is a leak only if it is gone too, and
	 * an overflow through it is one of the block. */
	return ml_heap_containing((uptr)p);
}

/* A hash inverted by the store vouches for a value outside its block
 * (a record of an object: the metas of NULL, WILD, INVALID and the uninit
 * records are found from the value, as before they were stored). */
__ml_meta_t __ml_ld_slow(__ml_uptr slot, __ml_uptr v, __ml_meta_t tag)
{
	meta_t w = *__ML_META_SHADOW(slot);
	if ((w >> 48) == (__ML_HASH16(v ^ tag) ^ __ML_HASH_OOB) && ml_meta_slot(w) >= __ML_FIRST_SLOT)
		return w & __ML_META_MASK;
	return __ml_meta_of((const void *)v);
}

__ml_meta_t __ml_metar(__ml_uptr v)
{
	meta_t m = v ? __ml_meta_of((const void *)v) : __ML_NULL;
	unsigned s = ml_meta_slot(m);
	if (s >= __ML_FIRST_SLOT && ml_rec_kind(&__ML_RECS[s]) == __ML_KIND_HEAP &&
	    (ML_LOAD(&ML_COLD[s].flags) & ML_CF_FOREIGN))
		__atomic_fetch_and(&ML_COLD[s].flags, ~ML_CF_FOREIGN, __ATOMIC_RELAXED);
	return m;
}

void __ml_adopt_out(__ml_uptr pp)
{
	if (pp >= ML_NULL_LIMIT && !(pp & 7) && ml_app_range(pp, sizeof(uptr))) {
		/* libc stored *pp: the slot's shadow is of an earlier value (a dead
		 * frame's, say), whose hash the new value may match one time in 65536 */
		meta_t *shadow = __ML_META_SHADOW(pp);
		if (*shadow)
			*shadow = 0;
		(void)__ml_metar(*(const uptr *)pp);
	}
}

/* ml_copy_shadow's loop over k slots, last first when back: the word of
 * each pointer valid in the source rehashed for dtag (in place when the
 * tags are one), a reference more for it when count. Whether one was. */
static inline __attribute__((always_inline)) int ml_shadow_words(meta_t *dm, const meta_t *sm, const uptr *dv, uptr k,
                                                                 meta_t dtag, meta_t stag, int back, int count)
{
	int pointers = 0;
	for (uptr j = 0; j < k; j++) {
		uptr i = back ? k - 1 - j : j;
		meta_t w = sm[i];
		/* Never-used shadow stays untouched (the zero page), so copying
		 * plain data costs no memory. */
		if (!(w | dm[i]))
			continue;
		uptr v = dv[i], x = (w >> 48) ^ __ML_HASH16(v ^ stag);
		int valid = w && (x == 0 || x == __ML_HASH_OOB); /* (__ml_shadow_valid) */
		/* (an inverted hash stays inverted) */
		meta_t nw = dtag == stag ? w : (w & __ML_META_MASK) | (__ML_HASH16(v ^ dtag) ^ x) << 48;
		dm[i] = valid ? nw : 0;
		if (count && valid)
			__ml_ref(w & __ML_META_MASK, 0);
		pointers |= valid;
	}
	return pointers;
}

/* Copy the shadow of [src, src+n) to dst (retagged from stag to dtag);
 * with count, each pointer copied is one more reference (loss tracking);
 * each is a step at site, from its source slot (value propagation). The
 * n bytes at vals are those dst holds: dst itself, when the bytes have
 * been copied already. */
static inline __attribute__((always_inline)) void ml_copy_shadow(void *dst, const void *src, const void *vals,
                                                                 __ml_uptr n, meta_t dtag, meta_t stag, int count,
                                                                 const site_t *site)
{
	uptr d = (uptr)dst, s = (uptr)src;
	if (n == 0)
		return;
	if (((d ^ s) & 7) || ((d ^ (uptr)vals) & 7)) {
		/* no pointer stored by instrumented code moves to a slot of its
		 * own: what dst's shadow held is not for these bytes */
		ml_shadow_zero(d, n);
		return;
	}
	/* The 8-byte slots wholly inside [src, src+n): only they can hold a
	 * pointer stored by instrumented code. A slot's shadow follows its
	 * value, rehashed for the destination's tag when it was valid for the
	 * source's. */
	uptr s0 = (s + 7) & ~(uptr)7, s1 = (s + n) & ~(uptr)7;
	if (s1 <= s0)
		return;
	uptr d0 = s0 + (d - s), len = s1 - s0, k = len / 8;
	uptr v0 = s0 + ((uptr)vals - s);
	if (!ml_app_range(s0, len) || !ml_app_range(d0, len) || !ml_app_range(v0, len))
		return;
	const meta_t *sm = __ML_META_SHADOW(s0);
	meta_t *dm = __ML_META_SHADOW(d0);
	const uptr *dv = (const uptr *)v0;
	/* (memmove's order; the direction and count constant in each copy
	 * of the loop, as is the tag when the copy stays in its block) */
	int pointers;
	if (d0 <= s0)
		pointers = count ? ml_shadow_words(dm, sm, dv, k, dtag, stag, 0, 1)
		                 : dtag == stag ? ml_shadow_words(dm, sm, dv, k, stag, stag, 0, 0)
		                                : ml_shadow_words(dm, sm, dv, k, dtag, stag, 0, 0);
	else
		pointers = count ? ml_shadow_words(dm, sm, dv, k, dtag, stag, 1, 1)
		                 : dtag == stag ? ml_shadow_words(dm, sm, dv, k, stag, stag, 1, 0)
		                                : ml_shadow_words(dm, sm, dv, k, dtag, stag, 1, 0);
	/* the pointers copied: one step for the range (explain.c) */
	if (pointers && d0 != s0)
		ml_step_into(site, s0, ML_STEP_COPY | len, d0);
}

void __ml_copy_shadow(void *dst, const void *src, __ml_uptr n, meta_t dtag, meta_t stag,
                      const struct __ml_site *site)
{
	ml_copy_shadow(dst, src, dst, n, dtag, stag, dst != src && ML_LOAD(&ml_loss_on), site);
	if (ML_UNLIKELY(__ml_graph)) /* (no call while no trace is written) */
		ml_graph_copy(dst, src, n, site);
}

void __ml_copy_small(uptr dst_n, const void *src, meta_t dtag, meta_t stag, const struct __ml_site *site)
{
	__ml_copy_shadow((void *)(dst_n & (((uptr)1 << 56) - 1)), src, dst_n >> 56, dtag, stag, site);
}

void __ml_copy_shadow_ahead(void *dst, const void *src, const void *vals, __ml_uptr n, meta_t dtag,
                            meta_t stag, const struct __ml_site *site)
{
	ml_copy_shadow(dst, src, vals, n, dtag, stag, ML_LOAD(&ml_loss_on), site);
	if (ML_UNLIKELY(__ml_graph)) /* (no call while no trace is written) */
		ml_graph_copy(dst, src, n, site);
}

/* Shadow of at least this many bytes wholly inside a range to forget is
 * handed back to the kernel (it then reads as zeros, as the loop leaves
 * it): the old bucket array a growing table reallocs away kept its
 * shadow's pages resident. Below it the syscall costs more than the loop. */
#define ML_SHADOW_DROP (64UL << 10)

static void ml_shadow_zero_words(uptr a0, uptr a1)
{
	for (uptr a = a0; a < a1; a += 8)
		if (*__ML_META_SHADOW(a))
			*__ML_META_SHADOW(a) = 0;
}

/* Forget the pointers stored in [p, p+n): memory that moved away. */
static void ml_shadow_zero(uptr p, uptr n)
{
	uptr a0 = (p + 7) & ~(uptr)7, a1 = (p + n) & ~(uptr)7;
	if (a1 <= a0 || !ml_app_range(a0, a1 - a0))
		return;
	/* (the shadow of one application range is contiguous: an XOR of high
	 * bits and an addend) */
	uptr p0 = ((uptr)__ML_META_SHADOW(a0) + 4095) & ~(uptr)4095;
	uptr p1 = ((uptr)__ML_META_SHADOW(a1)) & ~(uptr)4095;
	if (p1 < p0 + ML_SHADOW_DROP || madvise((void *)p0, p1 - p0, MADV_DONTNEED)) {
		ml_shadow_zero_words(a0, a1);
		return;
	}
	ml_shadow_zero_words(a0, (p0 - __ML_META_OFF) ^ __ML_META_XOR);
	ml_shadow_zero_words((p1 - __ML_META_OFF) ^ __ML_META_XOR, a1);
}

/* ---- the public allocation API ---- */

void *malloc(size_t n)
{
	meta_t m;
	if (ML_UNLIKELY(!ml_ready())) {
		void *p = __libc_malloc(n);
		ml_init_block_add(p);
		return p;
	}
	void *p = ml_alloc(n, 0, ML_PLAIN | ML_FOREIGN, &m);
	ML_SETRET_NEW(malloc, m);
	return p;
}

/* calloc for both entry points (how: ML_ZERO, with ML_FOREIGN for the
 * public one); *mp gets the block's meta. */
static void *ml_calloc(size_t a, size_t b, int how, meta_t *mp)
{
	size_t n;
	*mp = __ML_NULL;
	if (ML_UNLIKELY(!ml_ready())) {
		void *p = __libc_calloc(a, b);
		ml_init_block_add(p);
		return p;
	}
	if (__builtin_mul_overflow(a, b, &n)) {
		errno = ENOMEM;
		return 0;
	}
	return ml_alloc(n, 0, how, mp);
}

void *calloc(size_t a, size_t b)
{
	meta_t m;
	void *p = ml_calloc(a, b, ML_ZERO | ML_FOREIGN, &m);
	ML_SETRET_NEW(calloc, m);
	return p;
}

/* realloc from uninstrumented code (self: the public function called). */
static void *ml_realloc_public(void *p, size_t n, uptr self, uptr pc, meta_t *mp)
{
	*mp = __ML_NULL;
	if (ML_UNLIKELY(!ml_ready())) {
		void *q = __libc_realloc(p, n);
		if (q)
			ml_init_block_take(p);
		ml_init_block_add(q);
		return q;
	}
	return ml_realloc(p, ml_pub_meta(self, 0), n, pc, 0, mp, 0);
}

void *realloc(void *p, size_t n)
{
	meta_t m;
	void *q = ml_realloc_public(p, n, (uptr)&realloc, (uptr)__builtin_return_address(0), &m);
	ML_SETRET_NEW(realloc, m);
	return q;
}

void *reallocarray(void *p, size_t a, size_t b)
{
	meta_t m;
	size_t n;
	if (__builtin_mul_overflow(a, b, &n)) {
		errno = ENOMEM;
		return 0;
	}
	void *q = ml_realloc_public(p, n, (uptr)&reallocarray, (uptr)__builtin_return_address(0), &m);
	ML_SETRET_NEW(reallocarray, m);
	return q;
}

void free(void *p)
{
	if (ML_UNLIKELY(!ml_ready())) {
		ml_init_block_take(p);
		__libc_free(p);
		return;
	}
	ml_free(p, ml_pub_meta((uptr)&free, 0), (uptr)__builtin_return_address(0), 0);
}

static int ml_posix_memalign(void **out, size_t align, size_t n, int how, meta_t *mp)
{
	*mp = __ML_NULL;
	if (align % sizeof(void *) != 0 || !ml_pow2(align))
		return EINVAL;
	void *p = ml_alloc(n, align, how, mp);
	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}

int posix_memalign(void **out, size_t align, size_t n)
{
	meta_t m;
	if (ML_UNLIKELY(!ml_ready())) {
		if (align % sizeof(void *) != 0 || !ml_pow2(align))
			return EINVAL;
		void *p = __libc_memalign(align, n);
		if (!p)
			return ENOMEM;
		ml_init_block_add(p);
		*out = p;
		return 0;
	}
	int rc = ml_posix_memalign(out, align, n, ML_PLAIN | ML_FOREIGN, &m);
	if (rc == 0)
		ml_store_ptr(out, *out, m, __ml_meta_of(out), __ML_GEN_ALLOC);
	return rc;
}

static void *ml_memalign_common(size_t align, size_t n, int how, meta_t *mp)
{
	if (ML_UNLIKELY(!ml_ready())) {
		void *p = __libc_memalign(align, n);
		ml_init_block_add(p);
		*mp = __ML_WILD;
		return p;
	}
	return ml_alloc(n, align ? align : 1, how, mp);
}

void *aligned_alloc(size_t align, size_t n)
{
	meta_t m;
	void *p = ml_memalign_common(align, n, ML_PLAIN | ML_FOREIGN, &m);
	ML_SETRET_NEW(aligned_alloc, m);
	return p;
}

void *memalign(size_t align, size_t n)
{
	meta_t m;
	void *p = ml_memalign_common(align, n, ML_PLAIN | ML_FOREIGN, &m);
	ML_SETRET_NEW(memalign, m);
	return p;
}

void *valloc(size_t n)
{
	meta_t m;
	void *p = ml_memalign_common(ml_page(), n, ML_PLAIN | ML_FOREIGN, &m);
	ML_SETRET_NEW(valloc, m);
	return p;
}

/* pvalloc: the whole rounded-up size is the program's to use. */
static size_t ml_pvalloc_size(size_t n)
{
	size_t pg = ml_page();
	if (n == 0)
		return pg;
	if (n > SIZE_MAX - pg)
		return SIZE_MAX;
	return (n + pg - 1) & ~(pg - 1);
}

void *pvalloc(size_t n)
{
	meta_t m;
	size_t sz = ml_pvalloc_size(n);
	if (sz == SIZE_MAX) {
		errno = ENOMEM;
		return 0;
	}
	void *p = ml_memalign_common(ml_page(), sz, ML_PLAIN | ML_FOREIGN, &m);
	ML_SETRET_NEW(pvalloc, m);
	return p;
}

/* The requested size: bytes past it are an overflow under memlens, so a
 * program sizing its use by malloc_usable_size must not be told more. */
size_t malloc_usable_size(void *p)
{
	meta_t m;
	if (!p || !ml_ready())
		return 0;
	if (ml_live_lookup((uptr)p, &m)) {
		const struct __ml_rec *r = &__ML_RECS[ml_meta_slot(m)];
		if (r->gen == ml_meta_gen(m) && r->base == (uptr)p)
			return r->end - r->base;
	}
	return 0;
}

char *strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);
	if (p)
		memcpy(p, s, n);
	if (ML_LIKELY(ml_state == ML_READY))
		ML_SETRET_NEW(strdup, __ml_t.ret);
	return p;
}

char *strndup(const char *s, size_t max)
{
	size_t n = strnlen(s, max);
	char *p = malloc(n + 1);
	if (p) {
		memcpy(p, s, n);
		p[n] = 0;
	}
	if (ML_LIKELY(ml_state == ML_READY))
		ML_SETRET_NEW(strndup, __ml_t.ret);
	return p;
}

/* ---- the __ml_ versions (called by instrumented code) ---- */

void *__ml_malloc(size_t n)
{
	meta_t m;
	__ml_own((uptr)&__ml_malloc);
	if (ML_UNLIKELY(!ml_ready()))
		return __libc_malloc(n);
	void *p = ml_alloc(n, 0, ML_UNDEF, &m);
	ML_SETRET_NEW(__ml_malloc, m);
	return p;
}

void *__ml_calloc(size_t a, size_t b)
{
	meta_t m;
	__ml_own((uptr)&__ml_calloc);
	void *p = ml_calloc(a, b, ML_ZERO, &m);
	ML_SETRET_NEW(__ml_calloc, m);
	return p;
}

void *__ml_realloc(void *p, size_t n)
{
	meta_t m;
	ML_OWN(__ml_realloc);
	meta_t pm = ML_ARGM(0, p);
	struct ml_pv pv = {__ml_t.argsite[0], __ml_t.argprov[0]};
	void *q = ml_realloc(p, pm, n, 0, 1, &m, own_ ? &pv : 0);
	ML_SETRET_NEW(__ml_realloc, m);
	return q;
}

void *__ml_reallocarray(void *p, size_t a, size_t b)
{
	meta_t m;
	size_t n;
	ML_OWN(__ml_reallocarray);
	meta_t pm = ML_ARGM(0, p);
	if (__builtin_mul_overflow(a, b, &n)) {
		errno = ENOMEM;
		ML_SETRET_NEW(__ml_reallocarray, __ML_NULL);
		return 0;
	}
	struct ml_pv pv = {__ml_t.argsite[0], __ml_t.argprov[0]};
	void *q = ml_realloc(p, pm, n, 0, 1, &m, own_ ? &pv : 0);
	ML_SETRET_NEW(__ml_reallocarray, m);
	return q;
}

void __ml_free(void *p)
{
	ML_OWN(__ml_free);
	meta_t pm = ML_ARGM(0, p);
	struct ml_pv pv = {__ml_t.argsite[0], __ml_t.argprov[0]};
	ml_free(p, pm, 0, own_ ? &pv : 0);
}

int __ml_posix_memalign(void **out, size_t align, size_t n)
{
	meta_t m;
	ML_OWN(__ml_posix_memalign);
	meta_t om = ML_ARGM(0, out);
	ml_check(out, om, sizeof(void *), 1, "posix_memalign");
	int rc = ml_posix_memalign(out, align, n, ML_UNDEF, &m);
	if (rc == 0)
		ml_store_ptr(out, *out, m, om, __ML_GEN_ALLOC);
	return rc;
}

void *__ml_aligned_alloc(size_t align, size_t n)
{
	meta_t m;
	__ml_own((uptr)&__ml_aligned_alloc);
	void *p = ml_memalign_common(align, n, ML_UNDEF, &m);
	ML_SETRET_NEW(__ml_aligned_alloc, m);
	return p;
}

void *__ml_memalign(size_t align, size_t n)
{
	meta_t m;
	__ml_own((uptr)&__ml_memalign);
	void *p = ml_memalign_common(align, n, ML_UNDEF, &m);
	ML_SETRET_NEW(__ml_memalign, m);
	return p;
}

void *__ml_valloc(size_t n)
{
	meta_t m;
	__ml_own((uptr)&__ml_valloc);
	void *p = ml_memalign_common(ml_page(), n, ML_UNDEF, &m);
	ML_SETRET_NEW(__ml_valloc, m);
	return p;
}

void *__ml_pvalloc(size_t n)
{
	meta_t m;
	__ml_own((uptr)&__ml_pvalloc);
	size_t sz = ml_pvalloc_size(n);
	if (sz == SIZE_MAX) {
		errno = ENOMEM;
		ML_SETRET_NEW(__ml_pvalloc, __ML_NULL);
		return 0;
	}
	void *p = ml_memalign_common(ml_page(), sz, ML_UNDEF, &m);
	ML_SETRET_NEW(__ml_pvalloc, m);
	return p;
}

char *__ml_strdup(const char *s)
{
	meta_t m;
	ML_OWN(__ml_strdup);
	meta_t sm = ML_ARGM(0, s);
	size_t n = ml_read_str(s, sm, SIZE_MAX, "strdup");
	char *p = ml_alloc(n, 0, ML_PLAIN, &m);
	if (p)
		memcpy(p, s, n);
	ML_SETRET_NEW(__ml_strdup, m);
	return p;
}

char *__ml_strndup(const char *s, size_t max)
{
	meta_t m;
	ML_OWN(__ml_strndup);
	meta_t sm = ML_ARGM(0, s);
	(void)ml_read_str(s, sm, max, "strndup");
	size_t n = strnlen(s, max);
	char *p = ml_alloc(n + 1, 0, ML_PLAIN, &m);
	if (p) {
		memcpy(p, s, n);
		p[n] = 0;
	}
	ML_SETRET_NEW(__ml_strndup, m);
	return p;
}

/* leaks.c: the leak check at exit.
 *
 * Every heap block still allocated when the program exits is classified
 * the way Valgrind Memcheck does (paper 000 Fig. 6's [DEFINITE-LEAK] and
 * [POSSIBLE-LEAK]):
 *   still reachable  a pointer to its start is held by a root (a global,
 *                    a live stack, thread-local storage) or by a block
 *                    that is itself reachable;
 *   possibly lost    only pointers into its middle lead to it;
 *   definitely lost  nothing points to it (or only blocks it reaches
 *                    itself: the leader of a lost cycle);
 *   indirectly lost  it is reachable only from lost blocks.
 * The scan is conservative (every aligned word that holds an address
 * inside a block counts), with one refinement from what the
 * instrumentation knows exactly: a pointer into a block's middle that
 * instrumented code stored (its shadow names that very block) is the
 * program's own handle on the block, so it counts like a start pointer —
 * `p = malloc(n) + 8` kept in a struct is reachable, not "possibly lost".
 *
 * Lost blocks are reported as MEMORY-LEAK errors, one report per
 * category and allocation stack (its innermost frames; like Valgrind's
 * loss records), followed by a LEAK SUMMARY; still-reachable blocks are
 * only counted there. Blocks
 * that code memlens does not see allocated for itself (libc's stdio
 * buffers, thread descriptors) are roots and count as still reachable,
 * unless libc handed them to the program (getline's buffer, a pointer
 * result of an unchecked libc function: __ml_metar), which makes them the
 * program's.
 * Everything here works on memory of its own (mmap): it runs inside
 * exit, where calling malloc would add blocks to the very heap it scans.
 * Once main has returned, the stack below main's frame is not scanned:
 * what lingers there (copies of pointers in dead frames) would make lost
 * blocks look reachable.
 */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

enum { ML_L_UNSEEN, ML_L_POSSIBLE, ML_L_REACHABLE, ML_L_INDIRECT, ML_L_DEFINITE };

/* The check's byte of each record slot: whether it held a live heap
 * block when the check began, and that block's state and queued bit. */
#define ML_LS_STATE  7u
#define ML_LS_QUEUED 8u
#define ML_LS_BLOCK  16u
/* (lstate's zero bytes past its last slot, read by a load of eight) */
#define ML_LS_PAST   8u

/* A word pointing into a block is traced to it through the heap map,
 * which names the slot of the block made at each 32-byte granule: walking
 * back from the word's granule, the first granule naming a live block
 * made there (at or below the word) names the only block that can contain
 * the word. Blocks
 * longer than the walk (and any the map does not name) are listed by
 * address as well (struct ml_bigblock), searched where the walk finds none. */
#define ML_LB_WALK 32 /* granules */

struct ml_bigblock {
	uptr base;
	uint32_t slot;
};

/* A scanned word inside the blocks' span, waiting in the marking's batch:
 * the block its pointer shadow names (the block of a pointer instrumented
 * code stored) is tested by its record and state, tables far bigger than
 * the caches, so both are prefetched when the word joins the batch and
 * read when the batch is resolved, up to ML_BATCH words later; a word whose
 * shadow names no block that starts at it is found through the heap map. */
#define ML_BATCH 32

/* The marking's tables and batch. The marking proper (ml_mark) works on
 * a copy in a local, written back when it ends: through the state
 * mapping, each byte of lstate it stores made the compiler read the other
 * fields again (a char store may alias anything). */
struct ml_marker {
	unsigned char *lstate; /* by slot: ML_LS_* */
	unsigned nslots;       /* the slots looked at: [0, nslots) */
	unsigned mark_at;      /* the marking's cursor: the next slot it looks at */
	uptr lb_lo, lb_span;   /* the live blocks span [lb_lo, lb_lo + lb_span) */
	uint32_t *lwork;       /* blocks behind the marking's cursor to be scanned */
	size_t nwork;
	unsigned nbatch;       /* the words in the batch */
	unsigned char batch_from;  /* the state of the places they were read from (REACHABLE or POSSIBLE) */
	unsigned char starts_only; /* pointers into a block's middle do not count (libc's data) */
	/* the batch's words: what each holds, where it lies, the slot its
	 * pointer shadow names (arrays, each stored by one instruction) */
	uptr batch_v[ML_BATCH], batch_a[ML_BATCH];
	uint32_t batch_slot[ML_BATCH];
};

/* A root region (__lsan_register_root_region). */
struct ml_region {
	uptr lo, n;
};

/* leaks.c's part of the state mapping (internal.h) */
struct ml_leaks_state {
	struct ml_marker mk;
	size_t nblocks;          /* the live heap blocks among the slots looked at */
	struct ml_bigblock *big; /* in address order */
	size_t nbig;
	uptr main_frame; /* main's frame, while main runs (0: unknown) */
	size_t cap; /* the slots lstate, lwork and big were mapped for */
	/* the function the program called for the check running (NULL: the
	 * one at exit), which its reports name; whether the check reported a leak */
	const char *asker;
	int found;
	struct ml_region *regions; /* root regions: scratch memory for regions_cap of them */
	size_t nregions, regions_cap;
	int regions_lock;
};
_Static_assert(ML_ST_LEAKS + sizeof(struct ml_leaks_state) <= ML_ST_CYCLES, "leaks.c's state fits");
#define ML_LKS (&ML_STATE_AT(struct ml_leaks_state, ML_ST_LEAKS))
#define ML_MK (&ML_LKS->mk)
#define ml_lstate (ML_MK->lstate)
#define ml_nslots (ML_MK->nslots)
#define ml_nblocks (ML_LKS->nblocks)
#define ml_big (ML_LKS->big)
#define ml_nbig (ML_LKS->nbig)
#define ml_main_frame (ML_LKS->main_frame)

static uptr ml_lb_base(unsigned s)
{
	return ML_LOAD(&__ML_RECS[s].base);
}

static uptr ml_lb_end(unsigned s)
{
	return ML_LOAD(&__ML_RECS[s].end);
}

static unsigned ml_lb_state(unsigned s)
{
	return ml_lstate[s] & ML_LS_STATE;
}

static void ml_lb_set_state(unsigned s, unsigned st)
{
	ml_lstate[s] = (unsigned char)((ml_lstate[s] & ~ML_LS_STATE) | st);
}

/* The heap map's entry of address v's granule (0 outside the map). */
static inline __attribute__((always_inline)) unsigned ml_lb_entry(uptr v)
{
	uptr g = v & ~(uptr)31;
	return ml_basemap_ok(g) ? ML_LOAD(ml_heapmap(g)) : 0;
}

/* The listed block containing v, or -1. */
static long ml_big_find(uptr v)
{
	size_t lo = 0, hi = ml_nbig;
	while (lo < hi) { /* the last block with base <= v */
		size_t mid = (lo + hi) / 2;
		if (ml_big[mid].base <= v)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return -1;
	const struct ml_bigblock *b = &ml_big[lo - 1];
	return v < ml_lb_end(b->slot) || v == b->base ? (long)b->slot : -1;
}

/* The slot of the live block containing v (a zero-size block: v is its
 * base), or -1. */
static long ml_lb_find(const struct ml_marker *m, uptr v)
{
	if (v - m->lb_lo >= m->lb_span)
		return -1;
	if (ml_tiny_has(v)) {
		/* (a 16-byte cell holds one block, the live-base map's entry) */
		uptr b = v & ~(uptr)15;
		unsigned s = ML_LOAD(ml_basemap(b));
		return s < m->nslots && (m->lstate[s] & ML_LS_BLOCK) && ml_lb_base(s) == b && (v < ml_lb_end(s) || v == b)
		               ? (long)s
		               : -1;
	}
	uptr g = v & ~(uptr)31;
	unsigned s = ml_lb_entry(v);
	for (unsigned k = 1;; k++) {
		uptr b;
		/* a live block made in granule g, at or below v (in v's own
		 * granule a block may start past v) */
		if (s < m->nslots && (m->lstate[s] & ML_LS_BLOCK) && (b = ml_lb_base(s)) - g < 32 && b <= v) {
			if (v < ml_lb_end(s) || v == b)
				return s;
			break; /* (a listed block may lie between) */
		}
		if (k == ML_LB_WALK || g <= m->lb_lo)
			break;
		g -= 32;
		if (!ml_basemap_ok(g))
			break;
		s = ML_LOAD(ml_heapmap(g));
	}
	return ml_big_find(v);
}

/* The generation and flags of slot s's cold details in one load: the
 * generation in the low half, the flags in the high one. */
static inline uint32_t ml_cold_gen_flags(unsigned s)
{
	uint32_t w;
	memcpy(&w, &ML_COLD[s], sizeof w);
	return w;
}
_Static_assert(offsetof(struct ml_cold, gen) == 0 && offsetof(struct ml_cold, flags) == 2,
               "a cold record's gen and flags make one word");

/* Does record r hold a live heap block, cold its cold details' generation
 * and flags? */
static inline int ml_live_heap(const struct ml_rec_view *r, uint32_t cold)
{
	return r->kind == __ML_KIND_HEAP && !((cold >> 16) & ML_CF_FREED) && r->gen == (cold & 0xffffu);
}

/* Does slot s hold the live heap block p points into? */
static int ml_heap_holds(unsigned s, uptr p)
{
	if (s < __ML_FIRST_SLOT || s >= ml_slot_end())
		return 0;
	struct ml_rec_view r = ml_rec_read(s);
	return ml_live_heap(&r, ml_cold_gen_flags(s)) && p >= r.base && (p < r.end || p == r.base);
}

long ml_heap_block_at(uptr p)
{
	if (!ml_basemap_ok(p & ~(uptr)15))
		return -1; /* (no heap there) */
	/* a block of 16 bytes at most: the live-base map's entry (in the
	 * pools of 16-byte cells, the only block there can be) */
	unsigned t = ML_LOAD(ml_basemap(p & ~(uptr)15));
	if (ml_heap_holds(t, p))
		return t;
	if (ml_tiny_has(p))
		return -1;
	/* back from p's granule through the heap map: the first granule
	 * where a live block was made at or below p names the only block that
	 * can hold p */
	uptr g = p & ~(uptr)31;
	for (unsigned k = 0; k < 2048 && ml_basemap_ok(g); k++, g -= 32) {
		unsigned s = ML_LOAD(ml_heapmap(g));
		if (ml_heap_holds(s, p))
			return s;
		uptr b = ml_lb_base(s);
		if (ml_heap_holds(s, b) && b - g < 32 && b <= p)
			return -1;
	}
	/* (a block too long for the walk) */
	for (unsigned s = __ML_FIRST_SLOT, end = ml_slot_end(); s < end; s++)
		if (ml_heap_holds(s, p))
			return s;
	return -1;
}

/* ml_rec_read out of line, for the collection's retry: its loop then
 * keeps no addresses in registers for it. */
static __attribute__((noinline)) struct ml_rec_view ml_rec_reread(unsigned s)
{
	return ml_rec_read(s);
}

static int ml_big_less(const void *a, const void *b)
{
	return ((const struct ml_bigblock *)a)->base < ((const struct ml_bigblock *)b)->base;
}

/* Give back the tables of an earlier scan (the rules' pointer map makes
 * one at each event that asks for it). */
static void ml_lb_release(void)
{
	struct ml_leaks_state *st = ML_LKS;
	if (st->mk.lstate)
		ml_scratch_free(st->mk.lstate, st->cap + ML_LS_PAST);
	if (st->mk.lwork)
		ml_scratch_free(st->mk.lwork, st->cap * sizeof *st->mk.lwork);
	if (st->big)
		ml_scratch_free(st->big, st->cap * sizeof *st->big);
	/* (a scan a fault abandoned leaves candidates and a rule behind) */
	st->mk = (struct ml_marker){0};
	st->big = 0;
	st->nblocks = st->nbig = 0;
}

/* Note the slots from s on that hold a live heap block in a pool's cell
 * (its base in the pools' span [pools_lo, pools_lo + pools_span), so in
 * application memory, ML_POOL_MAX bytes at most, found through the map),
 * one libc does not keep nor the program exempted, with an id below ids:
 * most slots. Returns the first other one, or end. A loop of its own, with
 * nothing else live and the tests of kind, flags and generation made one:
 * in ml_lb_collect's, gcc spilled its values and tested the generation
 * twice (forest 400000: the pass 27.6M → 23.3M Ir). */
static inline __attribute__((always_inline)) unsigned ml_lb_cells(unsigned char *lstate, unsigned s, unsigned end,
                                                                  uint64_t ids, uptr pools_lo, uptr pools_span)
{
	for (; s < end; s++) {
		const struct __ml_rec *r = &__ML_RECS[s];
		uint64_t idkind = ML_LOAD(&r->idkind);
		uint32_t cold = ml_cold_gen_flags(s);
		uptr base = ML_LOAD(&r->base);
		/* (the cold details' generation the record's, none of those flags) */
		uint32_t odd = (((uint32_t)idkind & 0xffu) ^ __ML_KIND_HEAP) |
		               ((cold & ((ML_CF_FREED | ML_CF_FOREIGN | ML_CF_IGNORED) << 16 | 0xffffu)) ^ ML_LOAD(&r->gen));
		if (odd || idkind >> 8 >= ids || base - pools_lo >= pools_span || ML_LOAD(&r->end) - base > ML_POOL_MAX)
			return s;
		lstate[s] = ML_LS_BLOCK | ML_L_UNSEEN;
	}
	return s;
}

/* Note the live heap blocks: a byte a slot, and the few the heap
 * map cannot lead to by itself listed in address order; 0 if there is no
 * memory for the check. One pass over the records: no list of the
 * blocks in address order (16 bytes a block, sorted by pieces, and an
 * index of the pieces, at the run's peak). The counts are locals, stored
 * at the end (a store to lstate may alias any field of the state). */
static int ml_lb_collect(void)
{
	ml_lb_release();
	struct ml_leaks_state *st = ML_LKS;
	unsigned end = ml_slot_end();
	st->cap = end;
	unsigned char *lstate = st->mk.lstate = ml_scratch(end + ML_LS_PAST);
	st->mk.lwork = ml_scratch(end * sizeof *st->mk.lwork);
	struct ml_bigblock *big = st->big = ml_scratch(end * sizeof *st->big);
	if (!lstate || !st->mk.lwork || !big)
		return 0;
	uptr lo = ~(uptr)0, top_max = 0;
	uint32_t *foreign = st->mk.lwork; /* (the marking's work stack, empty until it starts) */
	size_t others = 0, nbig = 0, nforeign = 0; /* others: slots without a live heap block */
	uint64_t ids = ml_block_ids();
	/* the pools' cells handed out so far: their blocks need no list, and
	 * the span takes in the pools' (their unused parts between too) */
	uptr pools_lo, pools_hi;
	ml_pools_used(&pools_lo, &pools_hi);
	const uptr pools_span = pools_hi - pools_lo;
	for (unsigned s = __ML_FIRST_SLOT; s < end; s++) {
		s = ml_lb_cells(lstate, s, end, ids, pools_lo, pools_span);
		if (s == end)
			break;
		struct ml_rec_view r = ml_rec_read(s);
		uint32_t cold = ml_cold_gen_flags(s);
		/* most slots hold a live heap block of a byte or more: its
		 * generation, equal to the cold details' 16 bits, and its kind are
		 * possible ones, so fewer of ml_rec_view_sane's tests show it sane */
		if (!(ml_live_heap(&r, cold) && r.end > r.base && r.id < ids && ml_app_range(r.base, r.end - r.base))) {
			if (!ml_rec_view_sane(&r, ids)) { /* (another thread may have taken more ids) */
				ids = ml_block_ids();
				r = ml_rec_reread(s);
				if (!ml_rec_view_sane(&r, ids)) {
					ml_damaged("record %lu of the record table holds impossible values", s);
					return 0;
				}
			}
			if (!ml_live_heap(&r, cold)) {
				others++;
				continue;
			}
		}
		uptr base = r.base, top = r.end;
		lstate[s] = ML_LS_BLOCK | ML_L_UNSEEN;
		/* (flagged after the loop, so that the common slot's state is a
		 * constant stored, not one computed from the flag) */
		if ((cold >> 16) & (ML_CF_FOREIGN | ML_CF_IGNORED))
			foreign[nforeign++] = s;
		/* a pool's cell: in the pools' span, and found through the map */
		if (base - pools_lo < pools_span)
			continue;
		/* (branches, not conditional moves, which cost a load and a store
		 * of each bound a slot: blocks mostly come in address order, so
		 * the branches are well predicted; the empty asm keeps gcc from
		 * making them moves again) */
		if (base < lo)
			__asm__("" : "=r"(lo) : "0"(base));
		if (top > top_max)
			__asm__("" : "=r"(top_max) : "0"(top));
		/* (a sane block of a byte or more lies in application memory, all
		 * of which the heap map covers; one of 16 bytes at most has its
		 * entry in the live-base map, looked up only in the pools of
		 * 16-byte cells: glibc's, where the pools had none, are listed) */
		if ((base & 15) ||
		    (top - base > 16 ? ML_LOAD(ml_heapmap(base)) : ml_tiny_has(base) ? ML_LOAD(ml_basemap(base)) : 0) != s ||
		    top - base > (ML_LB_WALK - 1) * 32)
			big[nbig++] = (struct ml_bigblock){base, s};
	}
	/* a block libc keeps for itself is its business: a root, never a
	 * leak (its pointers to the program's blocks keep them); so is one
	 * the program exempted, as LSan keeps what an ignored block points to */
	while (nforeign)
		lstate[foreign[--nforeign]] = ML_LS_BLOCK | ML_L_REACHABLE | ML_LS_QUEUED;
	/* (counted by the slots that hold none, the rarer) */
	size_t nblocks = end > __ML_FIRST_SLOT ? end - __ML_FIRST_SLOT - others : 0;
	st->nblocks = nblocks;
	st->nbig = nbig;
	st->mk.nslots = end;
	st->mk.mark_at = 0; /* all ahead of the marking, found from the roots */
	if (!nblocks)
		return 1;
	if (pools_span && pools_lo < lo)
		lo = pools_lo;
	if (pools_span && pools_hi > top_max)
		top_max = pools_hi;
	st->mk.lb_lo = lo;
	st->mk.lb_span = top_max + 1 - lo; /* (+1: a zero-size block's base) */
	ml_sort(big, nbig, sizeof *big, ml_big_less);
	return 1;
}

/* Does the shadow of the slot at a, which holds a pointer into block s,
 * name s itself? Then instrumented code stored a pointer derived from s
 * there: the program's own handle on s, wherever into s it points. */
static int ml_exact_handle(uptr a, unsigned s)
{
	return ml_app_range(a, 8) && (*__ML_META_SHADOW(a) & __ML_META_MASK) == ml_mkmeta(s, ML_COLD[s].gen);
}

/* Raise block s to state st (a start pointer or exact handle from a
 * reachable place: REACHABLE; any other pointer: POSSIBLE at most). The
 * marking (ml_mark) visits the blocks in slot order, which is about the
 * order they were made in and so, mostly, the heap's: a block ahead of
 * its cursor (at mark_at or past it) is only flagged, to be scanned when
 * the cursor gets there; one behind it is pushed on the work stack, to be
 * scanned before the cursor moves on. */
static inline __attribute__((always_inline)) void ml_lb_raise(unsigned char *lstate, uint32_t *lwork, size_t *nwork,
                                                              unsigned mark_at, unsigned s, unsigned char st)
{
	unsigned char b = lstate[s];
	if (st <= (b & ML_LS_STATE))
		return;
	if (!(b & ML_LS_QUEUED) && s < mark_at)
		lwork[(*nwork)++] = s;
	lstate[s] = (unsigned char)((b & ~ML_LS_STATE) | st | ML_LS_QUEUED);
}

/* Does the block [b, e) of 16 bytes at most, b 16-aligned (a cell of the
 * pools of 16-byte cells), hold no word that may point into a block? Then
 * its scan adds nothing, and it needs none (most such blocks are strings:
 * forest's labels). */
static inline __attribute__((always_inline)) int ml_small_clear(uptr b, uptr e, uptr first, uptr span)
{
	return (e - b < 8 || *(const uptr *)b - first >= span) && (e - b < 16 || *(const uptr *)(b + 8) - first >= span);
}

/* Count the pointers of the batch's words to the blocks they point into.
 * Most point to the start of the block their shadow names, told by a
 * loop that calls nothing (its values stay in registers); the others,
 * moved to the batch's front, are found through the heap map after it.
 * Out of line and on locals: the scan loops keep their registers, and the
 * bytes of lstate stored here make no fields reread. (The order the
 * blocks are raised in does not matter: a block ends in the highest state
 * raised to, pushed at most once.) */
static __attribute__((noinline)) void ml_batch_resolve(struct ml_marker *m)
{
	unsigned char *const lstate = m->lstate;
	uint32_t *const lwork = m->lwork;
	const unsigned nslots = m->nslots, mark_at = m->mark_at, n = m->nbatch;
	const unsigned char from = m->batch_from;
	size_t nwork = m->nwork;
	unsigned nfound = 0; /* the words not found by their shadow */
	const uptr tiny_lo = ML_LOAD(&ML_TINY->lo), tiny_span = ML_LOAD(&ML_TINY->hi) - tiny_lo;
	const uptr first = m->lb_lo, span = m->lb_span;
	for (unsigned i = 0; i < n; i++) {
		uptr v = m->batch_v[i];
		unsigned s = m->batch_slot[i];
		if (s < nslots && (lstate[s] & ML_LS_BLOCK) && ml_lb_base(s) == v) {
			if (v - tiny_lo < tiny_span && ml_small_clear(v, ml_lb_end(s), first, span)) {
				/* scanned here: raised, not queued (one queued already
				 * is scanned again, in vain) */
				unsigned char b = lstate[s];
				if (from > (b & ML_LS_STATE))
					lstate[s] = (unsigned char)((b & ~ML_LS_STATE) | from);
			} else {
				ml_lb_raise(lstate, lwork, &nwork, mark_at, s, from);
			}
		} else {
			m->batch_v[nfound] = v;
			m->batch_a[nfound++] = m->batch_a[i];
		}
	}
	for (unsigned i = 0; i < nfound; i++) {
		uptr v = m->batch_v[i];
		long found = ml_lb_find(m, v);
		if (found < 0) /* (a block's pointer to itself raises it to its own state: nothing) */
			continue;
		unsigned s = (unsigned)found;
		if (v == ml_lb_base(s) || ml_exact_handle(m->batch_a[i], s))
			ml_lb_raise(lstate, lwork, &nwork, mark_at, s, from);
		else if (!m->starts_only)
			ml_lb_raise(lstate, lwork, &nwork, mark_at, s, ML_L_POSSIBLE);
	}
	m->nwork = nwork;
	m->nbatch = 0;
}

/* Scan the words of [lo, hi) held by a place of state from (REACHABLE or
 * POSSIBLE): the words that may point into a block join the batch, with
 * the slot their pointer shadow names if shadowed (the range lies in
 * application memory): the block of most pointers, which instrumented
 * code stored, found by a load next to the word's rather than by the
 * heap map's, far away. A batch holds the words of places of one state. */
static inline __attribute__((always_inline)) void ml_scan_words(struct ml_marker *m, uptr lo, uptr hi,
                                                                unsigned char from, int shadowed, uptr first,
                                                                uptr span, const unsigned char *lstate)
{
	if (from != m->batch_from) {
		if (m->nbatch)
			ml_batch_resolve(m);
		m->batch_from = from;
	}
	unsigned n = m->nbatch;
	for (uptr a = (lo + 7) & ~(uptr)7, end = hi & ~(uptr)7; a < end; a += 8) {
		uptr v = *(const uptr *)a;
		if (v - first >= span)
			continue;
		uint32_t slot = shadowed ? (uint32_t)*__ML_META_SHADOW(a) : 0;
		__builtin_prefetch(&__ML_RECS[slot]); /* (whatever the slot: a prefetch never faults) */
		__builtin_prefetch(&lstate[slot]);
		m->batch_v[n] = v;
		m->batch_a[n] = a;
		m->batch_slot[n++] = slot;
		if (n == ML_BATCH) {
			m->nbatch = n;
			ml_batch_resolve(m);
			n = 0;
		}
	}
	m->nbatch = n;
}

/* Scan a root's words (the marking resolves what is left in the batch). */
static void ml_scan(uptr lo, uptr hi, unsigned char from)
{
	struct ml_marker *m = ML_MK;
	ml_scan_words(m, lo, hi, from, hi > lo && ml_app_range(lo, hi - lo), m->lb_lo, m->lb_span, m->lstate);
}

/* Scan the words of [lo, hi), a root where only pointers to a block's
 * start count; the batch is resolved before and after, so that its words
 * are resolved with their own rule. */
static void ml_scan_starts(uptr lo, uptr hi)
{
	struct ml_marker *m = ML_MK;
	ml_batch_resolve(m);
	m->starts_only = 1;
	ml_scan(lo, hi, ML_L_REACHABLE);
	ml_batch_resolve(m);
	m->starts_only = 0;
}

/* The first queued slot from at on, or nslots: eight slots a load (most
 * of a program's dead slots lie in runs; the bytes past nslots are 0). */
static inline __attribute__((always_inline)) unsigned ml_next_queued(const struct ml_marker *m, unsigned at)
{
	for (;; at += 8) {
		uint64_t w;
		memcpy(&w, m->lstate + at, sizeof w);
		w &= 0x0101010101010101ull * ML_LS_QUEUED;
		if (w)
			return at + (unsigned)__builtin_ctzll(w) / 8; /* (the lowest address's byte: little-endian) */
		if (at + 8 >= m->nslots)
			return m->nslots;
	}
}

/* Scan the contents of the blocks flagged (from the roots, or foreign),
 * and of those they lead to, until none is flagged: the next block from
 * the work stack, or else the cursor's next flagged one. */
static void ml_mark(void)
{
	struct ml_marker m = *ML_MK;
	/* (in locals: the bytes of lstate stored would make them reread) */
	unsigned char *const lstate = m.lstate;
	const uptr first = m.lb_lo, span = m.lb_span;
	for (m.mark_at = 0;;) {
		unsigned s;
		if (m.nwork) {
			s = m.lwork[--m.nwork];
		} else {
			unsigned at = m.mark_at = ml_next_queued(&m, m.mark_at);
			if (at == m.nslots) {
				if (!m.nbatch)
					break;
				ml_batch_resolve(&m); /* (which may flag blocks behind the cursor) */
				continue;
			}
			s = m.mark_at++;
		}
		unsigned char b = lstate[s] & (unsigned char)~ML_LS_QUEUED;
		lstate[s] = b;
		/* (heap blocks lie in application memory) */
		ml_scan_words(&m, ml_lb_base(s), ml_lb_end(s), b & ML_LS_STATE, 1, first, span, lstate);
	}
	*ML_MK = m;
}

/* Scan a TLS instance [lo, hi) but for the runtime's own thread state:
 * its provenance words (the word an argument was loaded from) and its
 * latest access hold addresses inside the program's blocks that the
 * program itself no longer holds, which kept lost blocks possibly lost,
 * or reachable when the address was a block's start. */
static void ml_scan_tls(uptr lo, uptr hi)
{
	struct ml_range { uptr lo, hi; } own[2] = {{(uptr)&__ml_t, (uptr)(&__ml_t + 1)},
	                                          {(uptr)&ml_tls, (uptr)(&ml_tls + 1)}};
	if (own[1].lo < own[0].lo) { /* (in address order, to scan the gaps) */
		struct ml_range first = own[1];
		own[1] = own[0];
		own[0] = first;
	}
	for (int i = 0; i < 2; i++) {
		if (own[i].hi <= lo || own[i].lo >= hi)
			continue; /* (another module's instance) */
		if (own[i].lo > lo)
			ml_scan(lo, own[i].lo, ML_L_REACHABLE);
		lo = own[i].hi;
	}
	if (hi > lo)
		ml_scan(lo, hi, ML_L_REACHABLE);
}

static int ml_scan_segment(struct dl_phdr_info *info, size_t size, void *arg)
{
	(void)size;
	(void)arg;
	/* glibc's malloc state points into the blocks it manages (the top
	 * chunk's header lies inside the newest block): what libc keeps for
	 * the program (a setvbuf buffer, atexit's argument) it keeps by its
	 * start */
	int libc = strstr(info->dlpi_name, "/libc.so") || strstr(info->dlpi_name, "/ld-linux");
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uptr lo = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_W)) {
			/* a library's few KiB of data: reading its shadow (words
			 * the program never stored to) took a huge page of 2 MiB
			 * once the program held many objects (forest, hash) */
			if (info->dlpi_name[0])
				ml_shadow_small_pages(lo, lo + ph->p_memsz);
			if (libc)
				ml_scan_starts(lo, lo + ph->p_memsz);
			else
				ml_scan(lo, lo + ph->p_memsz, ML_L_REACHABLE);
		} else if (ph->p_type == PT_TLS && info->dlpi_tls_data) /* this thread's instance */
			ml_scan_tls((uptr)info->dlpi_tls_data, (uptr)info->dlpi_tls_data + ph->p_memsz);
	}
	return 0;
}

/* glibc's size of a thread descriptor (struct pthread), which it exports
 * for libthread_db; weak: a libc without it leaves the descriptor unscanned */
extern const unsigned int _thread_db_sizeof_pthread __attribute__((weak));

/* This thread's descriptor, at the thread pointer, with libc's start-only
 * rule: glibc keeps buffers of its own there that no PT_TLS segment covers
 * (the text strerror and strsignal return for a number they do not know,
 * replaced at their next call and freed when the thread ends). */
static void ml_scan_thread_descriptor(void)
{
	if (!&_thread_db_sizeof_pthread)
		return;
	uptr tp;
	__asm__("mov %%fs:0, %0" : "=r"(tp));
	ml_scan_starts(tp, tp + _thread_db_sizeof_pthread);
}

extern void *__libc_stack_end;

/* The end of the argv[] and envp[] arrays, which lie above
 * __libc_stack_end (argc) and hold the program's pointers when it stores
 * there (redis's setproctitle.c puts heap copies of the arguments in
 * argv[]); 0 if unknown. */
static uptr ml_startup_vectors_end;

void ml_note_startup_vectors(char **envp)
{
	if (envp) {
		while (*envp)
			envp++;
		ml_startup_vectors_end = (uptr)(envp + 1);
	}
}

/* The top of the main thread's stack as the leak check scans it. */
static uptr ml_main_stack_top(void)
{
	uptr top = (uptr)__libc_stack_end;
	return ml_startup_vectors_end > top ? ml_startup_vectors_end : top;
}

void __ml_main_frame(__ml_uptr frame)
{
	ml_main_frame = frame;
}

/* The start of the main thread's stack mapping ("[stack]" in
 * /proc/self/maps), for a check run by another thread; 0 if unknown. */
static int ml_stack_line(const char *line, void *ctx)
{
	struct ml_map m;
	ml_map_line(line, &m);
	if (strcmp(m.path, "[stack]") != 0)
		return 0;
	*(uptr *)ctx = m.lo;
	return 1;
}

static uptr ml_main_stack_lo(void)
{
	uptr lo = 0;
	ml_each_line("/proc/self/maps", ml_stack_line, &lo);
	return lo;
}

/* This thread's stack as pthreads has it (a thread memlens did not
 * start); 0s if it cannot be told. */
static void ml_pthread_stack(uptr *lo, uptr *hi)
{
	pthread_attr_t a;
	void *p;
	size_t size;
	*lo = *hi = 0;
	if (pthread_getattr_np(pthread_self(), &a) != 0)
		return;
	if (pthread_attr_getstack(&a, &p, &size) == 0)
		*lo = (uptr)p, *hi = (uptr)p + size;
	pthread_attr_destroy(&a);
}

uptr ml_own_stack_top(void)
{
	if (__ml_t.id == 0)
		return ml_main_stack_top();
	uptr lo, top = ml_thread_stack_top();
	if (!top)
		ml_pthread_stack(&lo, &top);
	return top;
}

/* The bottom of this thread's stack (for the main thread, of its mapping),
 * 0 if unknown. */
static uptr ml_own_stack_lo(void)
{
	if (__ml_t.id == 0)
		return ml_main_stack_lo();
	uptr lo = ml_thread_stack_lo(), hi;
	if (!lo)
		ml_pthread_stack(&lo, &hi);
	return lo;
}

/* The top of the alternate signal stack this thread runs on when sp lies
 * in it, else 0: a handler installed with SA_ONSTACK ended the program
 * (gnulib's c-stack and its configure probe catch a stack overflow so, and
 * call exit in the handler). */
static uptr ml_alt_stack_top(uptr sp)
{
	stack_t ss;
	if (sigaltstack(0, &ss) != 0 || !(ss.ss_flags & SS_ONSTACK))
		return 0;
	uptr lo = (uptr)ss.ss_sp, hi = lo + ss.ss_size;
	return sp >= lo && sp < hi ? hi : 0;
}

/* The roots: writable segments of every loaded object (globals, libc's
 * own state) and this thread's instance of their TLS, this thread's stack
 * and registers, and the stacks (with their TLS) of the other live
 * threads memlens started, each stopped with its registers saved there
 * (ml_world_stopped); when a thread other than main exits the program,
 * main's whole stack (its registers saved there too). */
static void ml_scan_roots_from(uptr sp);

static void ml_scan_roots(void)
{
	/* the callee-saved registers, on the stack scanned below (from this
	 * local up: the frame's saved registers lie above its locals; the
	 * jmp_buf holds rbx and r12-r15 as they are, the spills rbp; setjmp
	 * leaves the signal mask's room as the dead frames left it: the block
	 * collection's, which held the lowest block's address) */
	jmp_buf regs;
	memset(regs, 0, sizeof regs);
	setjmp(regs);
	__builtin_unwind_init();
	ml_scan_roots_from((uptr)&regs);
}

/* Where this thread's stack is scanned from during a check the program
 * asked for (ml_check_leaks_now), else 0. */
static uptr ml_leak_stack_floor;

/* ---- root regions (__lsan_register_root_region) ---- */
#define ml_regions (ML_LKS->regions)
#define ml_nregions (ML_LKS->nregions)
#define ml_regions_cap (ML_LKS->regions_cap)
#define ml_regions_lock (ML_LKS->regions_lock)

void ml_root_region_add(uptr p, size_t n)
{
	ml_spin_lock(&ml_regions_lock);
	if (ml_nregions == ml_regions_cap) {
		size_t cap = ml_regions_cap ? 2 * ml_regions_cap : 64;
		struct ml_region *v = ml_scratch(cap * sizeof *v);
		if (!v) {
			ml_spin_unlock(&ml_regions_lock);
			return;
		}
		if (ml_regions) {
			memcpy(v, ml_regions, ml_nregions * sizeof *v);
			ml_scratch_free(ml_regions, ml_regions_cap * sizeof *v);
		}
		ml_regions = v;
		ml_regions_cap = cap;
	}
	ml_regions[ml_nregions++] = (struct ml_region){p, n};
	ml_spin_unlock(&ml_regions_lock);
}

int ml_root_region_remove(uptr p, size_t n)
{
	int found = 0;
	ml_spin_lock(&ml_regions_lock);
	for (size_t i = ml_nregions; i-- > 0;) /* (the latest of equal ones, as LSan) */
		if (ml_regions[i].lo == p && ml_regions[i].n == n) {
			ml_regions[i] = ml_regions[--ml_nregions];
			found = 1;
			break;
		}
	ml_spin_unlock(&ml_regions_lock);
	return found;
}

/* Scan the part of each root region a readable mapping holds (LSan scans
 * only those: a region may span unmapped pages). */
static int ml_scan_regions_in(const char *line, void *ctx)
{
	(void)ctx;
	struct ml_map m;
	ml_map_line(line, &m);
	if (m.perms[0] != 'r')
		return 0;
	for (size_t i = 0; i < ml_nregions; i++) {
		uptr lo = ml_regions[i].lo, hi = lo + ml_regions[i].n;
		if (lo < m.lo)
			lo = m.lo;
		if (hi > m.hi)
			hi = m.hi;
		if (lo < hi)
			ml_scan(lo, hi, ML_L_REACHABLE);
	}
	return 0;
}

static void ml_scan_regions(void)
{
	ml_spin_lock(&ml_regions_lock);
	if (ml_nregions)
		ml_each_line("/proc/self/maps", ml_scan_regions_in, 0);
	ml_spin_unlock(&ml_regions_lock);
}

/* ml_scan_roots with this thread's stack scanned from sp up: where its
 * registers were saved. */
static void ml_scan_roots_from(uptr sp)
{
	dl_iterate_phdr(ml_scan_segment, 0);
	ml_scan_thread_descriptor();
	uptr top = ml_own_stack_top();
	uptr alt = ml_alt_stack_top(sp);
	if (alt) {
		/* the handler's frames, then the whole stack it interrupted,
		 * whose stack pointer is not known here (from sp up to the
		 * thread's stack top would span what lies between the two, maybe
		 * unmapped: m4's sigaltstack probe died of SIGSEGV in the check) */
		ml_scan(sp, alt, ML_L_REACHABLE);
		uptr lo = ml_own_stack_lo();
		sp = lo && lo < top ? lo : top;
	}
	if (ml_leak_stack_floor > sp && ml_leak_stack_floor < top)
		sp = ml_leak_stack_floor;
	if (__ml_t.id == 0 && __ml_t.depth == 0 && ml_main_frame > sp && ml_main_frame < top)
		sp = ml_main_frame; /* main has returned: below its frame lies only the past */
	if (top > sp)
		ml_scan(sp, top, ML_L_REACHABLE);
	uptr lo, hi;
	if (__ml_t.id != 0) {
		uptr parked = ml_thread_parked_sp(0);
		lo = ml_main_stack_lo();
		uptr top = ml_main_stack_top();
		if (parked > lo && parked < top)
			lo = parked;
		if (lo && lo < top)
			ml_scan(lo, top, ML_L_REACHABLE);
	}
	for (unsigned id = 0; ml_thread_stack(id, &lo, &hi) >= 0; id++) {
		if (hi > lo)
			ml_scan(lo, hi, ML_L_REACHABLE);
		if (id != __ml_t.id && (lo = ml_thread_parked_regs(id, &hi)))
			ml_scan(lo, hi, ML_L_REACHABLE);
	}
	ml_scan_regions();
	ml_mark();
}

/* Is every live block reachable, the marking done? The slots' bytes are
 * then each 0 (no block) or a reachable block's, which a pass reads eight
 * at a time: cheaper than counting the blocks the marking raises. */
static int ml_all_reached(void)
{
	_Static_assert(ML_LS_BLOCK == 1u << 4, "a slot's byte has its block flag in bit 4");
	const unsigned char *lstate = ml_lstate;
	const uint64_t ones = 0x0101010101010101ull;
	const unsigned n = ml_nslots;
	for (unsigned s = 0; s < n; s += 8) { /* (the bytes past nslots are 0) */
		uint64_t w;
		memcpy(&w, lstate + s, sizeof w);
		if (w != ((w >> 4) & ones) * (ML_LS_BLOCK | ML_L_REACHABLE))
			return 0;
	}
	return 1;
}

/* Blocks nothing reachable leads to: each not yet reached from another
 * lost block leads its clique (definitely lost); what it reaches is
 * indirectly lost, including leaders found earlier. */
static void ml_cliques(void)
{
	uint32_t *work = ML_MK->lwork;
	size_t nwork = 0;
	for (unsigned i = __ML_FIRST_SLOT; i < ml_nslots; i++) {
		if (!(ml_lstate[i] & ML_LS_BLOCK) || ml_lb_state(i) != ML_L_UNSEEN)
			continue;
		ml_lb_set_state(i, ML_L_DEFINITE);
		work[nwork++] = i;
		while (nwork) {
			uint32_t j = work[--nwork];
			for (uptr a = (ml_lb_base(j) + 7) & ~(uptr)7, end = ml_lb_end(j); a + 8 <= end; a += 8) {
				long k = ml_lb_find(ML_MK, *(const uptr *)a);
				if (k < 0 || (unsigned)k == i)
					continue;
				unsigned st = ml_lb_state((unsigned)k);
				if (st == ML_L_UNSEEN || st == ML_L_DEFINITE) {
					ml_lb_set_state((unsigned)k, ML_L_INDIRECT);
					work[nwork++] = (uint32_t)k;
				}
			}
		}
	}
}

/* ---- loss records ---- */

/* Loss records group blocks by category and by the innermost frames of
 * their allocation stacks (Valgrind's --leak-resolution=med): deeper
 * frames would split a recursive builder's blocks into a record per path. */
#define ML_LEAK_FRAMES 4
#define ML_LEAK_RECENT 64

struct ml_lgroup {
	const site_t *key[ML_LEAK_FRAMES];
	unsigned stack, state; /* stack: the first block's */
	unsigned first;        /* the slot of its first block */
	uint64_t bytes, blocks;
};

/* Fewest bytes first; of equal sizes, the one whose first block was made
 * first (the groups' table order follows their stacks' addresses, which
 * move from run to run). */
static int ml_bytes_less(const void *a, const void *b)
{
	const struct ml_lgroup *x = a, *y = b;
	return x->bytes != y->bytes ? x->bytes < y->bytes : x->first < y->first;
}

static const char *const ml_leak_names[] = {
	[ML_L_POSSIBLE] = "possible",
	[ML_L_REACHABLE] = "reachable",
	[ML_L_INDIRECT] = "indirect",
	[ML_L_DEFINITE] = "definite",
};

static void ml_check_leaks_guarded(void);

#define ml_leak_asker (ML_LKS->asker)
#define ml_leaks_found (ML_LKS->found)

static void ml_check_leaks_any(void)
{
	if (!ml_flags.detect_leaks || !ml_kind_enabled[ML_MEMORY_LEAK] || !ml_ready() || ML_LOAD(&ml_damage))
		return;
	sigjmp_buf jb;
	ML_COLD_GUARD(jb, outer)
		return; /* (its scratch memory is the process's to drop) */
	ml_check_leaks_guarded();
	ML_COLD_UNGUARD(outer);
}

void ml_check_leaks(void)
{
	static int checked; /* (a check the program asked for replaces the one at exit, as LSan's) */
	if (!__atomic_exchange_n(&checked, 1, __ATOMIC_RELAXED))
		ml_check_leaks_any();
}

/* fn with the other threads stopped, this thread's stack scanned from
 * here up, with the callee-saved registers saved here: below lie the
 * check's own frames, in the place of the dead frames of the calls the
 * program made before (and at exit of the runtime's: the graph's flush,
 * the collection of cycles), where a stale pointer would keep a lost
 * block reachable, or possibly lost (GNU patch's file entries, lost at a
 * fatal exit, which Valgrind calls definitely lost). */
__attribute__((noinline)) void ml_world_stopped_here(void (*fn)(void))
{
	jmp_buf regs;
	memset(regs, 0, sizeof regs); /* (setjmp leaves the signal mask's room as the dead frames left it) */
	setjmp(regs);
	__builtin_unwind_init();
	ml_leak_stack_floor = (uptr)&regs;
	ml_world_stopped(fn);
	ml_leak_stack_floor = 0;
}

/* The leak check the program asks for (__lsan_do_leak_check, or
 * __lsan_do_recoverable_leak_check, which any number of times leaves the
 * one at exit to come), with the other threads stopped as at exit. */
int ml_check_leaks_now(const char *asker, int recoverable)
{
	ml_leak_asker = asker;
	ml_leaks_found = 0;
	ml_world_stopped_here(recoverable ? ml_check_leaks_any : ml_check_leaks);
	ml_leak_asker = 0;
	return ml_leaks_found;
}

/* The leak check proper, under ml_check_leaks's guard. */
static void ml_check_leaks_guarded(void)
{
	if (!ml_lb_collect())
		return;
	ml_supp_load();
	ml_scan_roots();
	/* (with every block reachable there is nothing to report, and no
	 * summary unless still-reachable blocks are asked for) */
	int all_reached = ml_all_reached();
	if (all_reached && !ml_flags.show_reachable)
		return;
	if (!all_reached)
		ml_cliques();

	/* group by (category, allocation stack): an open-addressed table, sized
	 * by the groups there can be (a stack id gives one key per category),
	 * not by the blocks */
	size_t most = ML_L_DEFINITE * ml_stack_count_max();
	if (most > ml_nblocks)
		most = ml_nblocks;
	size_t cap = 16;
	while (cap < 2 * most + 16)
		cap *= 2;
	struct ml_lgroup *g = ml_scratch(cap * sizeof *g);
	if (!g)
		return;
	/* the group of a recent (stack id, category): blocks come in runs of
	 * a few allocation sites, whose keys need no reading and hashing */
	struct {
		unsigned stack, state;
		size_t h;
	} recent[ML_LEAK_RECENT] = {{0}};
	uint64_t total[ML_L_DEFINITE + 1][2] = {{0}};
	struct ml_leak_sum sum = {0};
	for (unsigned i = __ML_FIRST_SLOT; i < ml_nslots; i++) {
		if (!(ml_lstate[i] & ML_LS_BLOCK))
			continue;
		unsigned st = ml_lb_state(i) == ML_L_UNSEEN ? ML_L_DEFINITE : ml_lb_state(i);
		uptr bytes = ml_lb_end(i) - ml_lb_base(i);
		unsigned flags = ML_LOAD(&ML_COLD[i].flags);
		if (flags & ML_CF_IGNORED)
			continue; /* (LSan counts it nowhere either) */
		if (st != ML_L_REACHABLE && (flags & ML_CF_LOST)) {
			sum.run[0] += bytes; /* reported already, where it was lost */
			sum.run[1]++;
			continue;
		}
		unsigned stack = ML_COLD[i].alloc_stack;
		total[st][0] += bytes;
		total[st][1]++;
		size_t r = (stack * ML_L_DEFINITE + st) % ML_LEAK_RECENT, h;
		if (recent[r].state == st && recent[r].stack == stack) {
			h = recent[r].h;
		} else {
			const site_t *key[ML_LEAK_FRAMES] = {0};
			ml_stack_get(stack, key, ML_LEAK_FRAMES);
			h = st;
			for (int f = 0; f < ML_LEAK_FRAMES; f++)
				h = (h ^ (size_t)key[f]) * 0x9E3779B97F4A7C15ull;
			h = (h >> 20) & (cap - 1);
			while (g[h].blocks && (memcmp(g[h].key, key, sizeof key) != 0 || g[h].state != st))
				h = (h + 1) & (cap - 1);
			if (!g[h].blocks) {
				memcpy(g[h].key, key, sizeof key);
				g[h].stack = stack;
				g[h].state = st;
				g[h].first = i;
			}
			recent[r].stack = stack;
			recent[r].state = st;
			recent[r].h = h;
		}
		g[h].bytes += bytes;
		g[h].blocks++;
	}

	/* report lost groups, fewest bytes first (the biggest ends next to
	 * the summary, as Valgrind orders its loss records) */
	size_t ng = 0;
	for (size_t h = 0; h < cap; h++)
		if (g[h].blocks)
			g[ng++] = g[h];
	ml_sort(g, ng, sizeof *g, ml_bytes_less);
	uint64_t reported = 0;
	for (size_t k = 0; k < ng; k++) {
		struct ml_lgroup *grp = &g[k];
		if (grp->state == ML_L_REACHABLE || ml_flags.leak_check == ML_LEAK_CHECK_LOSS)
			continue;
		if (ml_suppressed(ML_MEMORY_LEAK, grp->stack)) {
			sum.suppressed[0] += grp->bytes;
			sum.suppressed[1] += grp->blocks;
			total[grp->state][0] -= grp->bytes;
			total[grp->state][1] -= grp->blocks;
			continue;
		}
		unsigned b = grp->first;
		meta_t m = ml_mkmeta(b, ML_COLD[b].gen);
		struct ml_leak l = {0};
		l.how = ml_leak_names[grp->state];
		l.bytes = grp->bytes;
		l.blocks = grp->blocks;
		l.stack = grp->stack;
		l.asker = ml_leak_asker;
		l.tid = ml_rare_get(&ML_RARE[b].alloc_tid);
		l.slot = b;
		struct ml_binfo info;
		if (ml_block_info(m, &info))
			l.id = info.id;
		l.size = ml_lb_end(b) - ml_lb_base(b);
		/* where it lost its last reference, if the program was still
		 * running its code then (main's return, a thread's end) */
		unsigned how;
		l.lost = ml_loss_pending(b, ML_COLD[b].gen, &how);
		if (l.lost)
			l.lost_how = ml_loss_names[how];
		l.untracked = ml_loss_untracked(b);
		struct ml_event ev = {0};
		const site_t *at[1];
		ev.site = ml_stack_get(l.stack, at, 1) ? at[0] : 0; /* the allocation */
		ev.access = ML_ACC_LEAK;
		ev.point = ML_LEAK;
		ev.p = ml_lb_base(b);
		ev.m = m;
		ev.n = grp->bytes;
		ev.leak = &l;
		if (ml_detect(&ev) >= 0)
			reported++;
	}
	ml_leaks_found = reported != 0;
	if (!reported && !sum.run[1] && !ml_flags.show_reachable)
		return;
	/* the summary: totals, then the still-reachable records, largest first */
	sum.asker = ml_leak_asker;
	memcpy(sum.definite, total[ML_L_DEFINITE], sizeof sum.definite);
	memcpy(sum.indirect, total[ML_L_INDIRECT], sizeof sum.indirect);
	memcpy(sum.possible, total[ML_L_POSSIBLE], sizeof sum.possible);
	memcpy(sum.reachable, total[ML_L_REACHABLE], sizeof sum.reachable);
	for (size_t k = ng; k-- > 0;) {
		const struct ml_lgroup *grp = &g[k];
		if (grp->state != ML_L_REACHABLE)
			continue;
		if (sum.nsites < ML_LEAK_SITES) {
			sum.site[sum.nsites].bytes = grp->bytes;
			sum.site[sum.nsites].blocks = grp->blocks;
			sum.site[sum.nsites].stack = grp->stack;
			sum.site[sum.nsites].foreign = (ML_LOAD(&ML_COLD[grp->first].flags) & ML_CF_FOREIGN) != 0;
			sum.nsites++;
		} else {
			sum.more++;
		}
	}
	ml_leak_summary(&sum);
}

/* ---- the pointer map, for the rules' Reachable and Pointed ---- */

int ml_ptrmap_build(uptr sp)
{
	sigjmp_buf jb;
	int ok = 0;
	ML_COLD_GUARD(jb, outer)
		return 0;
	if (ml_lb_collect()) {
		ml_scan_roots_from(sp);
		ok = 1;
	}
	ML_COLD_UNGUARD(outer);
	return ok;
}

int ml_ptrmap_state(uptr base)
{
	long s = ml_lb_find(ML_MK, base);
	if (s < 0 || ml_lb_base((unsigned)s) != base)
		return ML_PM_NONE;
	switch (ml_lb_state((unsigned)s)) {
	case ML_L_REACHABLE:
		return ML_PM_REACHABLE;
	case ML_L_POSSIBLE:
		return ML_PM_POINTED;
	}
	return ML_PM_LOST;
}

/* stack.c: capture the shadow call stack and intern it.
 *
 * A stack is the list of sites of the innermost stack_depth instrumented
 * frames, innermost first. Stacks are interned whole in a depot: an
 * append-only arena of records (hash, length, sites) indexed by a table of
 * bucket chains, so a block's allocation and free stacks cost one 32-bit id
 * each and identical stacks are stored once. Captures run on every malloc
 * and free: reading stack_depth frames and hashing them stays in the L1
 * cache, and each thread remembers the ids of its recent stacks by hash, so
 * the shared depot is only consulted for stacks the thread has not seen
 * lately. Unlike interning frame by frame, the cost does not grow with the
 * depth of the program's stack nor with the number of distinct paths a
 * recursion takes (only the window is stored). Lookups are lock-free:
 * records are immutable once pushed onto their bucket with a CAS.
 * A record keeps its innermost site whole and the others as 32-bit
 * offsets from it (one unit's sites, or one executable's, lie within 2 GiB
 * of each other): 88 bytes for 16 frames instead of 144, where a recursive
 * program's distinct paths fill the arena.
 */
#include "internal.h"

#include <string.h>

#define ML_DEPOT_BUCKETS (1u << 20)
#define ML_DEPOT_BUCKET ((uint32_t *)ML_DEPOT_ADDR)
#define ML_DEPOT_ARENA (ML_DEPOT_ADDR + 0x100000000UL)
#define ML_DEPOT_ARENA_SIZE (32UL << 30) /* ids are offsets / 8: 32 bits */

struct ml_stk {
	uint64_t hash;
	uint32_t next;  /* next id in the bucket chain */
	uint16_t n;     /* frames */
	uint16_t wide;  /* the sites after the first are whole pointers, not offsets */
	const site_t *first;  /* the innermost site */
	/* the others, innermost first: int32_t offsets from first, or
	 * (wide) const site_t * */
	unsigned char rest[];
};

/* Site i (>= 1) of record s. */
static inline const site_t *ml_stk_site(const struct ml_stk *s, unsigned i)
{
	if (s->wide)
		return ((const site_t *const *)s->rest)[i - 1];
	return (const site_t *)((uptr)s->first + (intptr_t)((const int32_t *)s->rest)[i - 1]);
}

/* The arena's used bytes (offset 0 would be id 0: it starts at 8), in the
 * state mapping (internal.h). */
#define ml_depot_top ML_STATE_AT(uint64_t, ML_ST_DEPOT)

static inline struct ml_stk *ml_stk(uint32_t id)
{
	return (struct ml_stk *)(ML_DEPOT_ARENA + ((uptr)id << 3));
}

void ml_stack_init(void)
{
	ml_map_fixed(ML_DEPOT_ADDR, ML_DEPOT_BUCKETS * sizeof(uint32_t), "stack depot index");
	ml_map_fixed(ML_DEPOT_ARENA, ML_DEPOT_ARENA_SIZE, "stack depot");
	ml_depot_top = 8;
}

static int ml_stk_is(const struct ml_stk *s, uint64_t h, const site_t *const *f, unsigned n)
{
	if (s->hash != h || s->n != n || s->first != f[0])
		return 0;
	for (unsigned i = 1; i < n; i++)
		if (ml_stk_site(s, i) != f[i])
			return 0;
	return 1;
}

/* Is id a record of the depot, step links down its chain? A wild write
 * may have scribbled over the chains; a million buckets keep honest ones
 * short. */
#define ML_CHAIN_MAX_STEPS (1u << 16)
static int ml_stk_ok(uint32_t id, unsigned step)
{
	if (((uptr)id << 3) < ML_LOAD(&ml_depot_top) && step < ML_CHAIN_MAX_STEPS)
		return 1;
	ml_damaged("a chain of the stack depot links to record %lu", id);
	return 0;
}

static uint32_t ml_find(uint32_t id, uint32_t stop, uint64_t h, const site_t *const *f, unsigned n)
{
	for (unsigned step = 0; id && id != stop && ml_stk_ok(id, step); step++, id = ml_stk(id)->next)
		if (ml_stk_is(ml_stk(id), h, f, n))
			return id;
	return 0;
}

/* Room for a record of n sites, each after the first taking each bytes;
 * 0 when the depot is full. */
static struct ml_stk *ml_stk_alloc(unsigned n, uptr each, uint64_t *off)
{
	uptr size = (sizeof(struct ml_stk) + (n - 1) * each + 7) & ~(uptr)7;
	*off = ML_ADD(&ml_depot_top, size);
	return *off + size > ML_DEPOT_ARENA_SIZE ? 0 : (struct ml_stk *)(ML_DEPOT_ARENA + *off);
}

/* The id of stack f[0..n) with hash h in the shared depot, added if new;
 * 0 when the depot is full. */
static uint32_t ml_intern(uint64_t h, const site_t *const *f, unsigned n)
{
	uint32_t *bucket = &ML_DEPOT_BUCKET[(h >> 40) & (ML_DEPOT_BUCKETS - 1)];
	uint32_t head = ML_ACQ(bucket);
	uint32_t id = ml_find(head, 0, h, f, n);
	if (id)
		return id;
	uint64_t off;
	struct ml_stk *s = ml_stk_alloc(n, sizeof(int32_t), &off);
	if (!s)
		return 0;
	int32_t *rel = (int32_t *)s->rest;
	uptr far = 0; /* nonzero once a site lies 2 GiB or more from the first */
	for (unsigned i = 1; i < n; i++) {
		uptr d = (uptr)f[i] - (uptr)f[0];
		rel[i - 1] = (int32_t)d;
		far |= (d + 0x80000000UL) >> 32;
	}
	if (far) { /* (rare: sites of two shared objects; the narrow record is wasted) */
		if (!(s = ml_stk_alloc(n, sizeof f[0], &off)))
			return 0;
		memcpy(s->rest, f + 1, (n - 1) * sizeof f[0]);
	}
	s->hash = h;
	s->n = (uint16_t)n;
	s->wide = far != 0;
	s->first = f[0];
	id = (uint32_t)(off >> 3);
	for (;;) {
		s->next = head;
		if (__atomic_compare_exchange_n(bucket, &head, id, 0, __ATOMIC_RELEASE,
		                                __ATOMIC_ACQUIRE))
			return id;
		/* Someone pushed first: it may be our stack (ours is then
		 * wasted, which is harmless). */
		uint32_t other = ml_find(head, s->next, h, f, n);
		if (other)
			return other;
	}
}

/* This thread's recent stacks by hash (internal.h's ml_scache). */
__thread struct ml_scache ml_scache[ML_SCACHE] __attribute__((tls_model("local-exec")));

/* The id of stack f[0..n) with hash h, missing from the thread's cache:
 * the depot's (0 when it is full), cached. */
static ML_NOINLINE unsigned ml_stack_miss(uint64_t h, const site_t *const *f, unsigned n)
{
	uint32_t id = ml_intern(h, f, n);
	if (id) {
		struct ml_scache *e = &ml_scache[(unsigned)h & (ML_SCACHE - 2)];
		e[1] = e[0];
		e[0] = (struct ml_scache){h, n, id};
	}
	return id;
}

/* ml_stack_capture_depth's body, max within 1..__ML_MAX_FRAMES: inline in
 * ml_stack_capture_top too, where the tests of site fold away. */
static inline __attribute__((always_inline)) unsigned ml_capture(const site_t *site, unsigned max)
{
	unsigned n = 0;
	unsigned top = __ml_t.depth;
	if (top > __ML_MAX_FRAMES)
		top = __ML_MAX_FRAMES;
	uint64_t h = ML_HASH_SEED;
	if (site) {
		h = ml_hash_frame(h, site);
		n++;
		/* the site replaces the innermost frame's own, unless it belongs
		 * to a frameless function, which runs above the innermost frame */
		if (!(site->kind & __ML_SITE_NOFRAME) && top)
			top--;
	}
	/* hashed as read: the frames are copied out only for the depot (one
	 * by one: reading four a round, or running to the first frame without
	 * a site and counting after, cut Lua bench.lua 1's 808K captures from
	 * 177.9M to 143.3M or 158.2M Ir, but list 1's shallow stacks paid the
	 * setup and the saved registers: +1.8% or +0.95% of its run) */
	for (unsigned d = top; n < max && d;)
		if (__ml_t.frames[--d]) {
			h = ml_hash_frame(h, __ml_t.frames[d]);
			n++;
		}
	if (n == 0)
		return 0;
	h = ml_hash_end(h, n);
	unsigned id = ml_stack_cached(h, n);
	if (id)
		return id;
	const site_t *f[__ML_MAX_FRAMES];
	unsigned k = 0;
	if (site)
		f[k++] = site;
	for (unsigned d = top; k < n;)
		if ((f[k] = __ml_t.frames[--d]) != 0)
			k++;
	return ml_stack_miss(h, f, n);
}

/* A capture's depth: max, or every frame when max is 0 or too large. */
static inline unsigned ml_capture_max(unsigned max)
{
	return max < 1 || max > __ML_MAX_FRAMES ? __ML_MAX_FRAMES : max;
}

unsigned ml_stack_capture_depth(const site_t *site, unsigned max)
{
	return ml_capture(site, ml_capture_max(max));
}

__thread struct ml_smemo ml_smemo[ML_SMEMO] __attribute__((tls_model("local-exec")));

/* Out of line: the memo's misses call it too (ml_stack_capture_shallow). */
ML_NOINLINE unsigned ml_stack_capture_top(void)
{
	return ml_capture(0, ml_capture_max(ml_flags.stack_depth));
}

/* Id of the thread's shallow stack, put in its entry (the id 0 of a full
 * depot is not): its frames all copied, those past the top too, which the
 * compares do not read. */
static ML_NOINLINE unsigned ml_smemo_put(unsigned id)
{
	if (id) {
		unsigned top = __ml_t.depth;
		struct ml_smemo *e = ml_smemo_of(__ml_t.frames, top);
		for (unsigned i = 0; i < ML_SMEMO_FRAMES; i++)
			e->f[i] = __ml_t.frames[i];
		e->top = top;
		e->id = id;
	}
	return id;
}

/* Nothing is live across the capture's call, so the memo's functions
 * save no register: the allocator's callee-saved registers hold the
 * block, and a copy pushed in a frame that dies could be found by the
 * leak check's scan of a blocked thread's stack (why ml_alloc and
 * ml_register_block stay out of line). */
unsigned ml_stack_capture_shallow(void)
{
	return ml_smemo_put(ml_stack_capture_top());
}

__thread struct ml_tmemo ml_tmemo[ML_TMEMO] __attribute__((tls_model("local-exec"))) = {
	[0 ... ML_TMEMO - 1] = {{ML_TMEMO_NONE, ML_TMEMO_NONE, ML_TMEMO_NONE, ML_TMEMO_NONE}, 0}};

/* The three or four innermost frames hashed innermost first as
 * ml_stack_capture_depth does, which hashes only those with sites: where
 * one has none, the hash is another, found in the cache only by a
 * collision of hashes, as any, and the loop captures them. */
unsigned ml_stack_capture4_miss(void)
{
	unsigned top = __ml_t.depth;
	if (top - 3u > __ML_MAX_FRAMES - 3u)
		return ml_stack_capture_depth(0, 4);
	const site_t *const *f = &__ml_t.frames[top - 3];
	const site_t *outer = top > 3 ? f[-1] : 0;
	uint64_t h = ml_hash_frame(ml_hash_frame(ml_hash_frame(ML_HASH_SEED, f[2]), f[1]), f[0]);
	unsigned n = top > 3 ? 4 : 3;
	if (n == 4)
		h = ml_hash_frame(h, outer);
	unsigned id = ml_stack_cached(ml_hash_end(h, n), n);
	if (!id)
		id = ml_stack_capture_depth(0, 4);
	if (id && (outer || n == 3) && f[0] && f[1] && f[2])
		*ml_tmemo_of(outer, f) = (struct ml_tmemo){{outer, f[0], f[1], f[2]}, id};
	return id;
}

unsigned ml_stack_intern(const site_t *const *f, unsigned n)
{
	unsigned max = ml_flags.stack_depth;
	if (max >= 1 && n > max)
		n = max;
	if (n == 0)
		return 0;
	uint64_t h = ML_HASH_SEED;
	for (unsigned i = 0; i < n; i++)
		h = ml_hash_frame(h, f[i]);
	h = ml_hash_end(h, n);
	unsigned id = ml_stack_cached(h, n);
	return id ? id : ml_stack_miss(h, f, n);
}

/* How many stacks the depot may hold at most (each record takes 24 bytes
 * or more), the id 0 of no stack included. */
size_t ml_stack_count_max(void)
{
	return ML_LOAD(&ml_depot_top) / sizeof(struct ml_stk) + 1;
}

unsigned ml_stack_get(unsigned id, const site_t **out, unsigned max)
{
	if (id == 0 || ((uptr)id << 3) >= ML_LOAD(&ml_depot_top))
		return 0;
	const struct ml_stk *s = ml_stk(id);
	if (s->n > __ML_MAX_FRAMES + 1 || s->wide > 1) { /* (a frameless function's site above the frames) */
		ml_damaged("record %lu of the stack depot holds impossible values", id);
		return 0;
	}
	unsigned n = s->n < max ? s->n : max;
	if (n)
		out[0] = s->first;
	for (unsigned i = 1; i < n; i++)
		out[i] = ml_stk_site(s, i);
	return n;
}

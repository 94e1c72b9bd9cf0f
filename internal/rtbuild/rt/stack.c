/* stack.c: capture the shadow call stack and intern it in a stack depot.
 *
 * A stack is the list of sites of the active instrumented frames, innermost
 * first, at most stack_depth long. The depot stores each distinct stack once
 * and names it by a 32-bit id (0 = empty), so a record's cold info holds two
 * ints instead of two stacks. Reads are lock-free: buckets are chains of
 * immutable entries pushed with a CAS; entries live in a bump arena that is
 * never freed, so a capture that finds its stack (the common case after
 * warm-up) writes nothing shared.
 */
#include "internal.h"

#include <string.h>

#define ML_DEPOT_BUCKETS (1u << 20)
#define ML_DEPOT_BUCKET ((uint32_t *)ML_DEPOT_ADDR)
#define ML_DEPOT_ARENA (ML_DEPOT_ADDR + 0x100000000UL)
#define ML_DEPOT_ARENA_SIZE (32UL << 30) /* ids are offsets / 8: 32 bits */

struct ml_stk {
	uint32_t next;           /* next id in the bucket chain */
	uint32_t hash;
	uint32_t n;
	uint32_t pad;
	const site_t *f[];       /* innermost first */
};

static uint64_t ml_depot_top = 16; /* offset 0 would be id 0 */

static inline struct ml_stk *ml_stk(uint32_t id)
{
	return (struct ml_stk *)(ML_DEPOT_ARENA + ((uptr)id << 3));
}

void ml_stack_init(void)
{
	ml_map_fixed(ML_DEPOT_ADDR, ML_DEPOT_BUCKETS * sizeof(uint32_t), "stack depot index");
	ml_map_fixed(ML_DEPOT_ARENA, ML_DEPOT_ARENA_SIZE, "stack depot");
}

static int ml_stk_eq(const struct ml_stk *e, uint32_t h, const site_t *const *f, unsigned n)
{
	if (e->hash != h || e->n != n)
		return 0;
	for (unsigned i = 0; i < n; i++)
		if (e->f[i] != f[i])
			return 0;
	return 1;
}

static uint32_t ml_depot_find(uint32_t head, uint32_t stop, uint32_t h,
                              const site_t *const *f, unsigned n)
{
	for (uint32_t id = head; id && id != stop; id = ml_stk(id)->next)
		if (ml_stk_eq(ml_stk(id), h, f, n))
			return id;
	return 0;
}

static uint32_t ml_depot_put(const site_t *const *f, unsigned n)
{
	/* FNV-1a over the site addresses. */
	uint64_t x = 0xcbf29ce484222325ULL;
	for (unsigned i = 0; i < n; i++) {
		x ^= (uptr)f[i];
		x *= 0x100000001b3ULL;
	}
	x ^= x >> 29;
	uint32_t h = (uint32_t)(x ^ (x >> 32));
	uint32_t *bucket = &ML_DEPOT_BUCKET[h & (ML_DEPOT_BUCKETS - 1)];

	uint32_t head = ML_ACQ(bucket);
	uint32_t id = ml_depot_find(head, 0, h, f, n);
	if (id)
		return id;

	uptr size = (sizeof(struct ml_stk) + n * sizeof(f[0]) + 7) & ~(uptr)7;
	uint64_t off = ML_ADD(&ml_depot_top, size);
	if (off + size > ML_DEPOT_ARENA_SIZE)
		return 0; /* depot full: the stack is shown as unknown */
	struct ml_stk *e = (struct ml_stk *)(ML_DEPOT_ARENA + off);
	e->hash = h;
	e->n = n;
	memcpy(e->f, f, n * sizeof(f[0]));
	id = (uint32_t)(off >> 3);
	for (;;) {
		e->next = head;
		if (__atomic_compare_exchange_n(bucket, &head, id, 0, __ATOMIC_RELEASE,
		                                __ATOMIC_ACQUIRE))
			return id;
		/* Someone pushed first: it may be our stack (our entry is then
		 * wasted, which is harmless). */
		uint32_t other = ml_depot_find(head, e->next, h, f, n);
		if (other)
			return other;
	}
}

unsigned ml_stack_capture(const site_t *site)
{
	const site_t *buf[__ML_MAX_FRAMES];
	unsigned d = __ml_t.depth, n = 0, max = ml_flags.stack_depth;
	if (d > __ML_MAX_FRAMES)
		d = __ML_MAX_FRAMES;
	if (max == 0 || max > __ML_MAX_FRAMES)
		max = __ML_MAX_FRAMES;
	if (site) {
		buf[n++] = site;
		if (d)
			d--; /* the innermost frame's own site is replaced */
	}
	while (d > 0 && n < max) {
		const site_t *f = __ml_t.frames[--d];
		if (f)
			buf[n++] = f;
	}
	if (n == 0)
		return 0;
	return ml_depot_put(buf, n);
}

unsigned ml_stack_get(unsigned id, const site_t *const **frames)
{
	if (id == 0 || ((uptr)id << 3) >= ML_LOAD(&ml_depot_top)) {
		*frames = 0;
		return 0;
	}
	struct ml_stk *e = ml_stk(id);
	*frames = e->f;
	return e->n;
}

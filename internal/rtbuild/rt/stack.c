/* stack.c: capture the shadow call stack and intern it.
 *
 * A stack is the list of sites of the active instrumented frames, innermost
 * first. Stacks are interned as a trie: a node is (parent node, site), its id
 * names the whole stack from the outermost frame down to that site; reports
 * show the innermost stack_depth frames. Captures run on every malloc and
 * free, so each thread keeps the sites and nodes of its last capture. A frame
 * only changes its site while it is the innermost one, so the frames below
 * the lowest depth returned to since then (__ml_t.low, kept by __ml_leave)
 * are known unchanged; the capture compares the few above with a plain loop
 * and looks up only those that changed (usually the innermost one or none).
 * Lookups are lock-free: buckets are chains of immutable nodes pushed with a
 * CAS into a bump arena that is never freed.
 */
#include "internal.h"

#define ML_DEPOT_BUCKETS (1u << 20)
#define ML_DEPOT_BUCKET ((uint32_t *)ML_DEPOT_ADDR)
#define ML_DEPOT_ARENA (ML_DEPOT_ADDR + 0x100000000UL)
#define ML_DEPOT_ARENA_SIZE (32UL << 30) /* ids are offsets / 16: 32 bits */

struct ml_node {
	const site_t *site;
	uint32_t parent; /* 0: the outermost frame kept */
	uint32_t next;   /* next id in the bucket chain */
};

static uint64_t ml_depot_top = 16; /* offset 0 would be id 0 */

/* This thread's last capture of each kind (allocation and free stacks come
 * from different paths and would evict each other): the site and node at
 * each depth, and the lowest depth returned to since (__ml_t.low only
 * covers the time since the last capture of any kind). */
static __thread struct ml_capture {
	const site_t *site[__ML_MAX_FRAMES];
	uint32_t id[__ML_MAX_FRAMES];
	unsigned n, low;
} ml_caps[ML_STACK_KINDS];

static inline struct ml_node *ml_node(uint32_t id)
{
	return (struct ml_node *)(ML_DEPOT_ARENA + ((uptr)id << 4));
}

void ml_stack_init(void)
{
	ml_map_fixed(ML_DEPOT_ADDR, ML_DEPOT_BUCKETS * sizeof(uint32_t), "stack depot index");
	ml_map_fixed(ML_DEPOT_ARENA, ML_DEPOT_ARENA_SIZE, "stack depot");
}

static uint32_t ml_find(uint32_t id, uint32_t stop, uint32_t parent, const site_t *site)
{
	for (; id && id != stop; id = ml_node(id)->next)
		if (ml_node(id)->parent == parent && ml_node(id)->site == site)
			return id;
	return 0;
}

/* The node (parent, site) in the shared depot, made if new; x is the
 * pair's hash. */
static uint32_t ml_intern_shared(uint32_t parent, const site_t *site, uint64_t x)
{
	uint32_t *bucket = &ML_DEPOT_BUCKET[(x >> 40) & (ML_DEPOT_BUCKETS - 1)];
	uint32_t head = ML_ACQ(bucket);
	uint32_t id = ml_find(head, 0, parent, site);
	if (id)
		return id;
	uint64_t off = ML_ADD(&ml_depot_top, sizeof(struct ml_node));
	if (off + sizeof(struct ml_node) > ML_DEPOT_ARENA_SIZE)
		return 0;
	struct ml_node *e = (struct ml_node *)(ML_DEPOT_ARENA + off);
	e->site = site;
	e->parent = parent;
	id = (uint32_t)(off >> 4);
	for (;;) {
		e->next = head;
		if (__atomic_compare_exchange_n(bucket, &head, id, 0, __ATOMIC_RELEASE,
		                                __ATOMIC_ACQUIRE))
			return id;
		/* Someone pushed first: it may be our node (ours is then
		 * wasted, which is harmless). */
		uint32_t other = ml_find(head, e->next, parent, site);
		if (other)
			return other;
	}
}

/* A thread's recent (parent, site) -> node lookups: captures alternate
 * between a few paths (malloc here, free there), so most re-lookups hit. */
#define ML_ICACHE 256
static __thread struct {
	const site_t *site;
	uint32_t parent, id;
} ml_icache[ML_ICACHE];

/* The node (parent, site), made if new; 0 when the depot is full. */
static uint32_t ml_intern(uint32_t parent, const site_t *site)
{
	uint64_t x = ((uptr)site ^ ((uint64_t)parent << 32)) * 0x9e3779b97f4a7c15ULL;
	unsigned c = (unsigned)(x >> 56) & (ML_ICACHE - 1);
	if (ml_icache[c].site == site && ml_icache[c].parent == parent)
		return ml_icache[c].id;
	uint32_t id = ml_intern_shared(parent, site, x);
	if (id) {
		ml_icache[c].site = site;
		ml_icache[c].parent = parent;
		ml_icache[c].id = id;
	}
	return id;
}

unsigned ml_stack_capture(const site_t *site, enum ml_stack_kind kind)
{
	struct ml_capture *c = &ml_caps[kind];
	unsigned d = __ml_t.depth;
	if (d > __ML_MAX_FRAMES)
		d = __ML_MAX_FRAMES;
	if (site && (site->kind & __ML_SITE_NOFRAME) && d < __ML_MAX_FRAMES)
		d++; /* a frameless function's site goes above the innermost frame */
	if (site && d == 0)
		d = 1; /* the site alone */
	const site_t *const *fr = __ml_t.frames;
	/* Frames below the lowest depth returned to since c was filled are
	 * unchanged; the frame at low-1 may have called again. */
	unsigned low = __ml_t.low;
	for (unsigned i = 0; i < ML_STACK_KINDS; i++)
		if (ml_caps[i].low > low)
			ml_caps[i].low = low;
	unsigned outer = site ? d - 1 : d, same = c->n < outer ? c->n : outer;
	unsigned k = c->low ? c->low - 1 : 0;
	if (k > same)
		k = same;
	while (k < same && c->site[k] == fr[k])
		k++;
	/* the innermost frame's own site is replaced by site */
	if (k == outer && site && k < c->n && c->site[k] == site)
		k++;
	uint32_t id = k ? c->id[k - 1] : 0;
	for (; k < d; k++) {
		const site_t *s = k == outer ? site : fr[k];
		if (s) {
			uint32_t n = ml_intern(id, s);
			if (!n) { /* depot full: keep what we have */
				c->n = k;
				c->low = 0;
				return id;
			}
			id = n;
		}
		c->site[k] = s;
		c->id[k] = id;
	}
	c->n = d;
	c->low = __ml_t.low = __ml_t.depth;
	return id;
}

unsigned ml_stack_get(unsigned id, const site_t **out, unsigned max)
{
	unsigned n = 0;
	uint64_t top = ML_LOAD(&ml_depot_top);
	while (id && n < max && ((uptr)id << 4) < top) {
		out[n++] = ml_node(id)->site;
		id = ml_node(id)->parent;
	}
	return n;
}

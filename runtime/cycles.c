/* cycles.c: blocks that only point to each other (paper 001's cycles,
 * found by trial deletion over the whole heap).
 *
 * Reference counts (loss.c) never reach zero in a circular list cut off
 * from the program. A collection finds such blocks: for every live heap
 * block it counts the references other heap blocks hold to it; a block
 * whose count is larger has a reference from outside the heap (a local,
 * a global) and is live, as is everything it leads to. What is left is
 * referenced only from itself: garbage. The statement that cut it off
 * is the newest reference any of it lost (the cut of its __ML_REFS
 * entry, kept by __ml_unref): nothing can touch the blocks once they are
 * cut off.
 *
 * A collection runs at the end of a statement (a note of the thread
 * that made it due, loss.c), when no other thread runs, once the number of
 * the program's live blocks (made less freed) has grown eight times since
 * the last collection, as a tracing collector's heap-growth trigger (each
 * collection visits the live heap twice, so its cost stays a fraction of
 * the blocks made in between; a program whose heap stays the same size
 * collects nowhere but at the end, while garbage it cuts off grows the
 * heap: the report waits and is the same, since nothing touches a block
 * once it is cut off and its stamp stays), and as the program ends.
 * A cycle cut off by a statement of a frame below the one collecting
 * (depth smaller), or by a frame that has returned since the collecting
 * one began, may still be a value in flight in a caller (a result not yet
 * stored, an argument not yet passed): it waits for a collection at the
 * end of that caller's statement.
 *
 * Blocks a word memlens could not count points into (an integer, a copy
 * by uninstrumented code) are pinned, like loss.c's.
 */
#include "internal.h"

#include <string.h>

/* Per slot during a collection: what the block is, and the references
 * other heap blocks hold to it. */
#define CY_NODE  0x80000000u /* a live heap block of the program */
#define CY_LIVE  0x40000000u /* referenced from outside the garbage */
#define CY_DONE  0x20000000u /* reported, or left for later, by this collection */
#define CY_COUNT 0x1fffffffu

#define ML_CYCLES_MIN 4096u  /* live blocks before the first collection; and new
                              * blocks between two askings of one growth */
#define ML_CYCLES_GROWTH 8u  /* live blocks, times those of the last collection */

/* cycles.c's part of the state mapping (internal.h) */
struct ml_cycles_state {
	uint32_t *cy;    /* indexed by slot - __ML_FIRST_SLOT */
	uint32_t *work;  /* slots to visit */
	uint32_t *list;  /* the garbage */
	uint32_t *steps; /* a cluster's blocks' pointer steps from its first */
	struct ml_span *spans;
	size_t cap;
	unsigned nwork;
	int busy; /* a collection runs (one at a time) */
	uint64_t allocs, frees; /* the program's blocks made and freed */
	uint64_t grown; /* the next collection is due at ML_CYCLES_MIN + grown
	                 * live blocks (an offset: the mapping starts zeroed) */
	uint64_t asked; /* at allocation ML_CYCLES_MIN + asked, or later */
};
_Static_assert(ML_ST_CYCLES + sizeof(struct ml_cycles_state) <= ML_ST_SUPPRESS, "cycles.c's state fits");
#define ML_CYS (&ML_STATE_AT(struct ml_cycles_state, ML_ST_CYCLES))
#define ml_cy (ML_CYS->cy)
#define ml_work (ML_CYS->work)
#define ml_list (ML_CYS->list)
#define ml_steps (ML_CYS->steps)
#define ml_spans (ML_CYS->spans)
#define ml_cy_cap (ML_CYS->cap)
#define ml_nwork (ML_CYS->nwork)
#define ml_cy_busy (ML_CYS->busy)
#define ml_cy_allocs (ML_CYS->allocs)
#define ml_cy_frees (ML_CYS->frees)
#define ml_cy_grown (ML_CYS->grown)
#define ml_cy_asked (ML_CYS->asked)

/* The program's live blocks (a count for the trigger only: a block made
 * before loss tracking came on and freed after makes it one short). */
static uint64_t ml_cy_live(uint64_t allocs)
{
	uint64_t f = ML_LOAD(&ml_cy_frees);
	return allocs > f ? allocs - f : 0;
}

int ml_cycles_due(void)
{
	/* (atomic only where other threads allocate: alone, the lock prefix
	 * drained the store buffer at every malloc) */
	uint64_t n = ML_LOAD(&__ml_mt) ? __atomic_add_fetch(&ml_cy_allocs, 1, __ATOMIC_RELAXED) : ++ml_cy_allocs;
	if (ml_cy_live(n) < ML_CYCLES_MIN + ML_LOAD(&ml_cy_grown) || n < ML_CYCLES_MIN + ML_LOAD(&ml_cy_asked))
		return 0;
	/* (asked again after ML_CYCLES_MIN more blocks, should the note be
	 * lost, a longjmp, or the collection not run, other threads running:
	 * a count hovering at the threshold asks once) */
	ML_STORE(&ml_cy_asked, n);
	return 1;
}

void ml_cycles_freed(int k)
{
	if (ML_LOAD(&__ml_mt))
		__atomic_add_fetch(&ml_cy_frees, (uint64_t)(int64_t)k, __ATOMIC_RELAXED);
	else
		ml_cy_frees += (uint64_t)(int64_t)k;
}

static unsigned cut_depth(uptr when) { return (when >> 4) & __ML_CUT_DEPTH_MAX; }
static uptr cut_tick(uptr when) { return when >> 14; }

/* The depth of the shallowest frame whose statement end may still see the
 * cut (when) in flight, for a collection at the end of a statement at
 * depth depth; depth itself if it is over. */
static unsigned ml_settles_at(uptr when, unsigned depth)
{
	unsigned k = cut_depth(when);
	if (k < depth || depth == 0)
		return k < depth ? k : 0;
	if (depth > __ML_MAX_FRAMES || cut_tick(when) <= __ml_t.entered[depth - 1])
		return depth - 1 < __ML_MAX_FRAMES - 1 ? depth - 1 : __ML_MAX_FRAMES - 1;
	return depth;
}
static unsigned cut_how(uptr when) { return when & 15; }

/* Room for n slots. */
static int ml_cy_room(size_t n)
{
	if (n <= ml_cy_cap)
		return 1;
	size_t cap = n + n / 2 + 1024;
	if (ml_cy) {
		ml_scratch_free(ml_cy, ml_cy_cap * sizeof *ml_cy);
		ml_scratch_free(ml_work, ml_cy_cap * sizeof *ml_work);
		ml_scratch_free(ml_list, ml_cy_cap * sizeof *ml_list);
		ml_scratch_free(ml_steps, ml_cy_cap * sizeof *ml_steps);
		ml_scratch_free(ml_spans, ml_cy_cap * sizeof *ml_spans);
	}
	ml_cy = ml_scratch(cap * sizeof *ml_cy);
	ml_work = ml_scratch(cap * sizeof *ml_work);
	ml_list = ml_scratch(cap * sizeof *ml_list);
	ml_steps = ml_scratch(cap * sizeof *ml_steps);
	ml_spans = ml_scratch(cap * sizeof *ml_spans);
	ml_cy_cap = ml_cy && ml_work && ml_list && ml_steps && ml_spans ? cap : 0;
	return ml_cy_cap != 0;
}

static uint32_t *cy(unsigned s) { return &ml_cy[s - __ML_FIRST_SLOT]; }

/* The slot of the live heap block the counted reference at a (in the
 * block whose meta is tag) holds, or 0. */
__attribute__((always_inline)) static inline unsigned ml_edge(uptr a, meta_t tag, unsigned end)
{
	meta_t w = *__ML_META_SHADOW(a);
	if (!w || !__ml_shadow_valid(w, *(const uptr *)a, tag))
		return 0;
	meta_t m = w & __ML_META_MASK;
	unsigned t = ml_meta_slot(m);
	if (t < __ML_FIRST_SLOT || t >= end || !(*cy(t) & CY_NODE) ||
	    ML_LOAD(&__ML_RECS[t].gen) != ml_meta_gen(m))
		return 0;
	return t;
}

static meta_t ml_node_meta(unsigned s) { return ml_mkmeta(s, ML_LOAD(&__ML_RECS[s].gen)); }

/* The counted references a block holds, one at a time. */
struct ml_edges {
	uptr a, end;
	meta_t tag;
	unsigned slots; /* ml_slot_end() */
};

static void ml_edges_of(struct ml_edges *e, unsigned s, unsigned slots)
{
	const struct __ml_rec *r = &__ML_RECS[s];
	e->a = (ML_LOAD(&r->base) + 7) & ~(uptr)7;
	e->end = ML_LOAD(&r->end);
	e->tag = ml_node_meta(s);
	e->slots = slots;
}

/* The slot of the next live heap block it refers to, or 0. Inline, as
 * ml_edge is, so its cursor stays in registers through a block's words
 * (a collection visits every word of the live heap twice). */
__attribute__((always_inline)) static inline unsigned ml_edge_next(struct ml_edges *e)
{
	for (; e->a + 8 <= e->end; e->a += 8) {
		unsigned t = ml_edge(e->a, e->tag, e->slots);
		if (t) {
			e->a += 8;
			return t;
		}
	}
	return 0;
}

/* The blocks queued (ml_work) are live: so is all they lead to. */
static void ml_mark_live(unsigned end)
{
	while (ml_nwork) {
		struct ml_edges e;
		ml_edges_of(&e, ml_work[--ml_nwork], end);
		for (unsigned t; (t = ml_edge_next(&e));)
			if (!(*cy(t) & CY_LIVE)) {
				*cy(t) |= CY_LIVE;
				ml_work[ml_nwork++] = t;
			}
	}
}

static int ml_span_less(const void *a, const void *b)
{
	return ((const struct ml_span *)a)->lo < ((const struct ml_span *)b)->lo;
}

/* Blocks of the garbage some word memlens could not count points into,
 * and what they lead to, are pinned and live. */
static void ml_rescue(unsigned ng, unsigned end)
{
	for (unsigned i = 0; i < ng; i++)
		ml_spans[i] = ml_span_of(ml_list[i]);
	ml_sort(ml_spans, ng, sizeof *ml_spans, ml_span_less); /* (slots are not in address order) */
	if (!ml_loss_held(ml_spans, ng))
		return;
	for (unsigned i = 0; i < ng; i++)
		if (ml_spans[i].held) {
			*cy(ml_spans[i].slot) |= CY_LIVE;
			ml_work[ml_nwork++] = ml_spans[i].slot;
		}
	ml_mark_live(end);
	for (unsigned i = 0; i < ng; i++)
		if (*cy(ml_list[i]) & CY_LIVE)
			ml_pin(ml_list[i]);
}

/* Newest cut first. */
static int ml_cut_newer(const void *a, const void *b)
{
	return cut_tick(ML_LOAD(&__ML_REFS[*(const uint32_t *)a].cut.when)) >
	       cut_tick(ML_LOAD(&__ML_REFS[*(const uint32_t *)b].cut.when));
}

/* The garbage block s leads to that no cluster has claimed, s first,
 * breadth first (so a block's pointer steps from s only grow): appended
 * to out[], their steps in steps[]; returns how many. */
static unsigned ml_cluster(unsigned s, uint32_t *out, uint32_t *steps, unsigned end)
{
	unsigned n = 0;
	*cy(s) |= CY_DONE;
	out[n] = s;
	steps[n++] = 0;
	for (unsigned i = 0; i < n; i++) {
		struct ml_edges e;
		ml_edges_of(&e, out[i], end);
		for (unsigned t; (t = ml_edge_next(&e));)
			if (!(*cy(t) & (CY_LIVE | CY_DONE))) {
				*cy(t) |= CY_DONE;
				out[n] = t;
				steps[n++] = steps[i] + 1;
			}
	}
	return n;
}

static int ml_alone(void)
{
	uptr lo, hi;
	for (unsigned id = 0; ml_thread_stack(id, &lo, &hi) >= 0; id++)
		if (hi > lo)
			return 0;
	return 1;
}

/* Trial deletion: the program's live heap blocks that only other such
 * blocks refer to, and that no word memlens could not count points into,
 * go to ml_list; their number. */
static unsigned ml_garbage(unsigned end)
{
	memset(ml_cy, 0, (end - __ML_FIRST_SLOT) * sizeof *ml_cy);
	for (unsigned s = __ML_FIRST_SLOT; s < end; s++) {
		const struct __ml_rec *r = &__ML_RECS[s];
		const struct ml_cold *c = &ML_COLD[s];
		if (ml_rec_kind(r) == __ML_KIND_HEAP && ML_LOAD(&r->gen) == ML_LOAD(&c->gen) &&
		    !(ML_LOAD(&c->flags) & (ML_CF_FREED | ML_CF_LOST))) {
			*cy(s) = CY_NODE;
		}
	}
	/* the references each holds to the others */
	for (unsigned s = __ML_FIRST_SLOT; s < end; s++) {
		if (!(*cy(s) & CY_NODE))
			continue;
		struct ml_edges e;
		ml_edges_of(&e, s, end);
		for (unsigned t; (t = ml_edge_next(&e));)
			if ((*cy(t) & CY_COUNT) < CY_COUNT)
				(*cy(t))++;
	}
	/* live: referenced from outside the heap (a count larger than the
	 * heap's share), pinned, or in flight (a count of zero not checked
	 * yet), and what those lead to */
	ml_nwork = 0;
	for (unsigned s = __ML_FIRST_SLOT; s < end; s++) {
		uint32_t *f = cy(s);
		if (!(*f & CY_NODE))
			continue;
		unsigned c = ML_LOAD(&__ML_REFS[s].n);
		if (c == 0 || c >= __ML_REFS_PINNED / 2 || c != (*f & CY_COUNT)) {
			*f |= CY_LIVE;
			ml_work[ml_nwork++] = s;
		}
	}
	ml_mark_live(end);

	unsigned ng = 0;
	for (unsigned s = __ML_FIRST_SLOT; s < end; s++)
		if ((*cy(s) & (CY_NODE | CY_LIVE)) == CY_NODE)
			ml_list[ng++] = s;
	if (!ng)
		return 0;
	ml_rescue(ng, end);
	unsigned k = 0;
	for (unsigned i = 0; i < ng; i++)
		if (!(*cy(ml_list[i]) & CY_LIVE))
			ml_list[k++] = ml_list[i];
	return k;
}

/* Cycles of the garbage (newest cut first) whose cut may still be a
 * value in flight, or, as the program ends, was its end, claim what they
 * lead to unreported (the latter marked for the check at exit, with their
 * cut). Returns the depth of the shallowest statement to look again at,
 * ~0u if none. */
static unsigned ml_claim_later(unsigned ng, unsigned depth, int final, unsigned end)
{
	unsigned shallowest = ~0u;
	for (unsigned i = 0; i < ng; i++) {
		unsigned s = ml_list[i];
		uptr when = ML_LOAD(&__ML_REFS[s].cut.when);
		const site_t *site = ML_LOAD(&__ML_REFS[s].cut.site);
		unsigned settles = final ? depth : ml_settles_at(when, depth);
		int later = final ? cut_depth(when) == 0 && cut_how(when) == __ML_LOSS_SCOPE : settles < depth;
		if (!site || !later || (*cy(s) & CY_DONE))
			continue;
		unsigned n = ml_cluster(s, ml_work, ml_steps, end);
		if (!final && settles < shallowest)
			shallowest = settles;
		for (unsigned j = 0; final && j < n; j++) {
			ML_STORE(&__ML_REFS[ml_work[j]].cut.site, site);
			ML_STORE(&__ML_REFS[ml_work[j]].cut.when, when);
			__atomic_fetch_or(&ML_COLD[ml_work[j]].flags, ML_CF_CUT, __ATOMIC_RELAXED);
		}
	}
	return shallowest;
}

/* Report the cycle garbage block s leads to, lost at its cut, and let go
 * of what it points to outside. */
static void ml_report_cycle(unsigned s, unsigned end)
{
	const site_t *site = ML_LOAD(&__ML_REFS[s].cut.site);
	unsigned via = cut_how(ML_LOAD(&__ML_REFS[s].cut.when));
	uint32_t *members = ml_work, *steps = ml_steps;
	unsigned n = ml_cluster(s, members, steps, end);
	for (unsigned j = 0; j < n; j++)
		__atomic_fetch_or(&ML_COLD[members[j]].flags, ML_CF_LOST, __ATOMIC_RELAXED);
	for (unsigned j = 0; j < n; j++) {
		unsigned t = members[j];
		unsigned gen = ML_LOAD(&__ML_RECS[t].gen);
		if (j == 0)
			ml_loss_report(t, gen, site, ML_LOSS_CYCLE, via, 0, n);
		else
			ml_loss_report(t, gen, site, ML_LOSS_CONTAINER, 0, steps[j], 1);
	}
	for (unsigned j = 0; j < n; j++)
		ml_loss_cascade(members[j], ML_LOAD(&__ML_RECS[members[j]].gen), site, steps[j]);
}

void ml_cycles_collect(unsigned depth)
{
	int final = depth == ML_CYCLES_EXIT;
	if (!ML_LOAD(&ml_loss_on) || __atomic_exchange_n(&ml_cy_busy, 1, __ATOMIC_ACQUIRE))
		return;
	unsigned end = ml_slot_end();
	if (ml_alone() && ml_cy_room(end - __ML_FIRST_SLOT)) { /* (else another will be due) */
		unsigned ng = ml_garbage(end);
		ml_sort(ml_list, ng, sizeof *ml_list, ml_cut_newer);
		unsigned again = ml_claim_later(ng, depth, final, end);
		for (unsigned i = 0; i < ng; i++)
			/* (no cut known: the check at exit finds it) */
			if (ML_LOAD(&__ML_REFS[ml_list[i]].cut.site) && !(*cy(ml_list[i]) & CY_DONE))
				ml_report_cycle(ml_list[i], end);
		if (!final && again != ~0u) /* when the statement that cut them off is over */
			ml_loss_collect_at(again);
		uint64_t live = ML_CYCLES_GROWTH * ml_cy_live(ML_LOAD(&ml_cy_allocs));
		ML_STORE(&ml_cy_grown, live > ML_CYCLES_MIN ? live - ML_CYCLES_MIN : 0);
	}
	__atomic_store_n(&ml_cy_busy, 0, __ATOMIC_RELEASE);
}

const site_t *ml_cycles_cut(unsigned s)
{
	return (ML_LOAD(&ML_COLD[s].flags) & ML_CF_CUT) ? ML_LOAD(&__ML_REFS[s].cut.site) : 0;
}

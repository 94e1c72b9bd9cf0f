/* loss.c: leaks found where the program lost them (paper 001's reference
 * counts, with paper 000's [DEFINITE-LEAK] as the rule).
 *
 * Code built for full checking keeps a count per heap block of the
 * references it holds (memlens.h: __ml_ref, __ml_unref): pointer slots
 * whose shadow is valid for the value in memory, and the companions of
 * pointer locals. When a count reaches zero the block is noted, with the
 * statement and the way (__ml_dropped), and checked once that statement is
 * over (__ml_flush -> __ml_lost_check): by then a temporary holding the
 * value (an argument being passed, a result being returned, the right
 * side of a chain of assignments) has been stored or is gone.
 *
 * Notes carry the depth of the frame whose statement they belong to. A
 * frame that returns hands its unchecked notes to its caller
 * (__ml_lost_leave): the block may be the result, still in flight in the
 * caller's statement (an argument of a call not made yet). A check at
 * depth d looks at the notes of depth d: a block noted by a call this
 * statement made and still unreferenced was returned to this statement
 * and dropped by it (a discarded result); notes of callers still running
 * belong to their own statements.
 *
 * Before a block is reported, the writable data, the live heap and the
 * defined words of live registered locals are searched for a word
 * pointing into it: a pointer copied where memlens cannot count it (bytes
 * copied one by one, an integer in a union, a store by code built without
 * memlens into a local whose address it was given) keeps
 * the block, which is then pinned (never reported during the run; the
 * check at exit judges it). The search is made once per (allocation
 * stack, statement, way): a loop that leaks every time is reported once
 * and counted.
 *
 * A block lost or freed releases the references it holds: blocks only it
 * pointed to are lost at the same statement, one pointer step deeper.
 */
#include "internal.h"

#include <link.h>
#include <string.h>

/* Instrumented code reads it (memlens.h), so it stays a plain global in
 * the program's .bss; a wild write there can only make counting atomic. */
int __ml_mt;

/* Leaks already reported, by (allocation site, statement, way): later
 * ones (a loop, the nodes of a tree lost with its root) are not reported
 * again; the summary at exit counts them (ML_CF_LOST). */
#define ML_SEEN_CAP 4096
struct ml_seen_entry {
	const site_t *alloc, *site; /* alloc NULL: a free entry */
	unsigned how;
};
/* loss.c's part of the state mapping (internal.h); ml_loss_on is there too */
struct ml_loss_state {
	int partial;    /* a unit not built for full checking was announced */
	int seen_lock;
	struct ml_seen_entry seen[ML_SEEN_CAP];
};
_Static_assert(ML_ST_LOSS + sizeof(struct ml_loss_state) <= ML_ST_SIGNALS, "loss.c's state fits");
#define ML_LS (&ML_STATE_AT(struct ml_loss_state, ML_ST_LOSS))
#define ml_loss_partial (ML_LS->partial)
#define ml_seen_lock (ML_LS->seen_lock)
#define ml_seen (ML_LS->seen)

/* A count dropped to zero, to be checked when its statement is over. */
struct ml_drop {
	uint32_t slot, gen;
	const site_t *site;   /* where */
	unsigned how;         /* __ML_LOSS_* or ML_LOSS_* below */
	unsigned depth;       /* __ml_t.depth then */
	unsigned steps;       /* pointer steps from the block whose loss caused it */
	int returned;         /* the block was the value being returned */
	int callee;           /* made by a call of the statement that checks it */
};
const char *const ml_loss_names[] = {
	[__ML_LOSS_ASSIGN] = "assignment",
	[__ML_LOSS_SCOPE] = "scope-exit",
	[__ML_LOSS_FRESH] = "discarded-result",
	[ML_LOSS_FREED] = "freed-container",
	[ML_LOSS_CONTAINER] = "lost-container",
	[ML_LOSS_DISCARDED] = "discarded-result",
	[ML_LOSS_CYCLE] = "cycle",
	[ML_LOSS_LONGJMP] = "scope-exit",
};

/* The greatest depth among the notes (meaningless when there is none):
 * the trampolines of __ml_lost_check and __ml_lost_leave (stubs.c) return
 * at once when no note is the statement's or the returning frame's. A
 * note of a caller's statement (a fresh block in flight as an argument of
 * a call not made yet: push(v, random_string(10), build(depth - 1))) is
 * pending through the whole of the call it waits for, and without this
 * every statement and return in it saved and restored all registers to
 * learn that nothing was theirs. */
__thread unsigned ml_lost_deepest __attribute__((tls_model("local-exec")));

/* Code the loss checks' trampolines run before saving the vector state
 * (stubs.c): general registers only, and no call but of code built so. */
#define ML_GPRS_ONLY __attribute__((target("general-regs-only")))

/* ml_lost_deepest again, after notes were taken out. */
static ML_GPRS_ONLY void ml_lost_rescan(void)
{
	unsigned deepest = 0;
	for (unsigned i = 0; i < __ml_t.lost; i++)
		if (ml_tls.drops[i].depth > deepest)
			deepest = ml_tls.drops[i].depth;
	ml_lost_deepest = deepest;
}

void ml_loss_unit(int full)
{
	if (!full)
		ml_loss_partial = 1;
	else
		ML_STORE(&ml_refs_kept, 1);
	ml_loss_refresh();
}

void ml_loss_refresh(void)
{
	/* (counts are kept whether it is on or not: it can come on later) */
	ML_STORE(&ml_loss_on, !ml_loss_partial && ml_flags.detect_leaks &&
	                          ml_flags.leak_check != ML_LEAK_CHECK_EXIT &&
	                          ml_kind_enabled[ML_MEMORY_LEAK]);
}

void ml_pin(unsigned s)
{
	ML_STORE(&__ML_REFS[s].n, __ML_REFS_PINNED);
}

void ml_loss_ignore(unsigned s)
{
	if (ML_LOAD(&ml_refs_kept)) /* (else its entry stays untouched, as ml_loss_block leaves it) */
		ml_pin(s);
}

void __ml_escape(__ml_meta_t m)
{
	if (__ml_counted(m))
		ml_pin(ml_meta_slot(m));
}

/* Room for one more note in t's list: 0 if there is none to be had.
 * Out of line, so that ml_note, which every count dropped to zero and
 * every new block takes, saves no registers for its calls. */
static __attribute__((noinline, cold)) int ml_drops_grow(struct ml_tls *t)
{
	unsigned cap = t->ndrops_cap ? 2 * t->ndrops_cap : 256;
	struct ml_drop *d = ml_scratch(cap * sizeof *d);
	if (!d)
		return 0;
	if (t->drops) {
		memcpy(d, t->drops, __ml_t.lost * sizeof *d);
		ml_scratch_free(t->drops, t->ndrops_cap * sizeof *d);
	}
	t->drops = d;
	t->ndrops_cap = cap;
	return 1;
}

/* Note the block in slot s, for the statement at depth depth. */
static void ml_note(unsigned s, unsigned gen, const site_t *site, unsigned how, unsigned depth)
{
	struct ml_tls *t = &ml_tls;
	if (__ml_t.lost == t->ndrops_cap && !ml_drops_grow(t))
		return;
	if (__ml_t.lost == 0 || depth > ml_lost_deepest)
		ml_lost_deepest = depth;
	struct ml_drop *d = &t->drops[__ml_t.lost++];
	d->slot = s;
	d->gen = gen;
	d->site = site;
	d->how = how;
	d->depth = depth;
	d->steps = 0;
	/* (a function's locals leave scope at its return statement, xsite;
	 * an inner block's leave at its brace or at a jump out of it) */
	d->returned = how == __ML_LOSS_SCOPE && site == __ml_t.xsite && __ml_t.retfn &&
	              __ml_t.ret == ml_mkmeta(s, gen);
	d->callee = 0;
}

void __ml_dropped(__ml_meta_t m, unsigned c, const struct __ml_site *site, unsigned how)
{
	unsigned s = ml_meta_slot(m);
	if (c == ~0u) { /* a reference memlens did not count went away */
		ml_pin(s);
		return;
	}
	if (ML_LOAD(&ml_loss_on)) {
		ml_rt_enter();
		ml_note(s, ml_meta_gen(m), site, how, __ml_t.depth);
		ml_rt_leave();
	}
}

void ml_loss_gone(unsigned s, int program)
{
	if (ML_LOAD(&ml_refs_kept))
		ML_STORE(&__ML_REFS[s].live, 0);
	if (program && ML_LOAD(&ml_loss_on))
		ml_cycles_freed(1);
}

void ml_loss_back(meta_t m, int program)
{
	if (ML_LOAD(&ml_refs_kept))
		ML_STORE(&__ML_REFS[ml_meta_slot(m)].live, m + 1);
	if (program && ML_LOAD(&ml_loss_on))
		ml_cycles_freed(-1);
}

void ml_loss_collect_at(unsigned depth)
{
	ml_note(0, 0, 0, ML_LOSS_COLLECT, depth);
}

void ml_loss_block(meta_t m, int program)
{
	if (!ML_LOAD(&ml_refs_kept))
		return; /* (nothing counts: its entry stays untouched, its live
		         * word 0, so instrumented code never counts the block) */
	unsigned s = ml_meta_slot(m);
	/* (no name, no cut: those were the slot's last block's; nothing else
	 * refers to the slot yet) */
	__ML_REFS[s] = (struct __ml_refs){.n = program ? 0u : __ML_REFS_PINNED, .live = m + 1};
	if (program && ML_LOAD(&ml_loss_on)) {
		/* (a block made at a site whose local takes it at once has a
		 * reference before the statement ends: its note was only ever
		 * dropped there) */
		const site_t *at = ml_caller_site();
		if (!at || !(at->kind & __ML_SITE_KEPT))
			ml_note(s, ML_LOAD(&__ML_RECS[s].gen), 0, __ML_LOSS_FRESH, __ml_t.depth);
		if (ml_cycles_due()) /* at this thread's next statement end */
			ml_loss_collect_at(__ml_t.depth);
	}
}

/* ---- is it really lost? ---- */

/* A search for words pointing into any of a set of spans (sorted,
 * disjoint). It lives on the stack: the runtime's own globals are
 * searched too. */
struct ml_held {
	struct ml_span *v;
	unsigned n, found;
	uptr lo, len; /* all spans lie in [lo, lo+len) */
};

/* The span holding address a, or NULL. */
static struct ml_span *ml_span_find(const struct ml_held *h, uptr a)
{
	if (a - h->lo >= h->len)
		return 0;
	unsigned lo = 0, hi = h->n;
	while (lo < hi) { /* the first span ending after a */
		unsigned mid = (lo + hi) / 2;
		if (h->v[mid].hi <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < h->n && h->v[lo].lo <= a ? &h->v[lo] : 0;
}

/* (defined: only words whose bytes are all defined count, a local's
 * others being what dead frames left there) */
static void ml_held_scan(struct ml_held *h, uptr lo, uptr hi, int defined)
{
	for (uptr a = (lo + 7) & ~(uptr)7; a + 8 <= hi && h->found < h->n; a += 8) {
		struct ml_span *sp = ml_span_find(h, *(const uptr *)a);
		if (sp && !sp->held && (!defined || ml_bytes_defined(a, 8))) {
			sp->held = 1;
			h->found++;
		}
	}
}

static int ml_held_segment(struct dl_phdr_info *info, size_t size, void *arg)
{
	(void)size;
	struct ml_held *h = arg;
	/* glibc's own state points into the heap it manages (the top chunk,
	 * the last remainder), not at the program's blocks */
	if (strstr(info->dlpi_name, "/libc.so") || strstr(info->dlpi_name, "/ld-linux"))
		return 0;
	for (int i = 0; i < info->dlpi_phnum && h->found < h->n; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uptr lo = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_W))
			ml_held_scan(h, lo, lo + ph->p_memsz, 0);
	}
	return h->found >= h->n;
}

struct ml_span ml_span_of(unsigned s)
{
	const struct __ml_rec *r = &__ML_RECS[s];
	struct ml_span sp = {ML_LOAD(&r->base), ML_LOAD(&r->end), s, 0};
	if (sp.hi == sp.lo) /* (a zero-size block: a pointer to its base holds it) */
		sp.hi++;
	return sp;
}

/* Mark the spans that a word of the writable data, of a live heap
 * block that is not lost (nor one of the spans) or a defined word of a
 * live registered local points into; the number marked. Stacks are not
 * searched (dead frames keep copies of every pointer a function handled),
 * but a local whose address went to code memlens does not see may hold a
 * pointer that code stored uncounted (nettle's mpz_t locals, whose limbs
 * GMP reallocates). */
unsigned ml_loss_held(struct ml_span *v, unsigned n)
{
	if (!n)
		return 0;
	struct ml_held h = {v, n, 0, v[0].lo, v[n - 1].hi - v[0].lo + 1};
	for (unsigned i = 0; i < n; i++)
		v[i].held = 0;
	dl_iterate_phdr(ml_held_segment, &h);
	unsigned end = ml_slot_end();
	for (unsigned s = __ML_FIRST_SLOT; s < end && h.found < n; s++) {
		const struct __ml_rec *r = &__ML_RECS[s];
		const struct ml_cold *c = &ML_COLD[s];
		unsigned k = ml_rec_kind(r), flags = ML_LOAD(&c->flags);
		if (ML_LOAD(&r->gen) != ML_LOAD(&c->gen))
			continue;
		if (k == __ML_KIND_STACK) {
			if (!(flags & (ML_CF_FREED | ML_CF_RETURNED)) && (!(flags & ML_CF_LENT) || ml_lent_live(s)))
				ml_held_scan(&h, ML_LOAD(&r->base), ML_LOAD(&r->end), 1);
			continue;
		}
		if (k != __ML_KIND_HEAP || (flags & (ML_CF_FREED | ML_CF_LOST)))
			continue;
		uptr base = ML_LOAD(&r->base);
		const struct ml_span *own = ml_span_find(&h, base);
		if (own && own->lo == base)
			continue;
		ml_held_scan(&h, base, ML_LOAD(&r->end), 0);
	}
	return h.found;
}

/* ---- reports ---- */

static const site_t ml_no_site; /* the allocation site of a block allocated outside instrumented code */

/* Was (alloc, site, how) reported before? If not and add, it is now. */
static int ml_seen_before(const site_t *alloc, const site_t *site, unsigned how, int add)
{
	size_t h = ((size_t)alloc * 0x9E3779B97F4A7C15ull ^ (size_t)site ^ how) * 0x9E3779B97F4A7C15ull;
	int seen = 0;
	ml_spin_lock(&ml_seen_lock);
	for (size_t i = 0; i < ML_SEEN_CAP; i++) {
		struct ml_seen_entry *e = &ml_seen[((h >> 40) + i) & (ML_SEEN_CAP - 1)];
		if (!e->alloc) {
			if (add)
				e->alloc = alloc, e->site = site, e->how = how;
			break;
		}
		if (e->alloc == alloc && e->site == site && e->how == how) {
			seen = 1;
			break;
		}
	}
	ml_spin_unlock(&ml_seen_lock);
	return seen;
}

/* The allocation site of the block in slot s (its innermost frame). */
static const site_t *ml_alloc_site(unsigned s)
{
	const site_t *alloc[1] = {&ml_no_site};
	ml_stack_get(ML_COLD[s].alloc_stack, alloc, 1);
	return alloc[0];
}

void ml_loss_report(unsigned s, unsigned gen, const site_t *site, unsigned how, unsigned via,
                    unsigned steps, uint64_t blocks)
{
	struct ml_cold *c = &ML_COLD[s];
	const struct __ml_rec *r = &__ML_RECS[s];
	__atomic_fetch_or(&c->flags, ML_CF_LOST, __ATOMIC_RELAXED);
	if (ml_seen_before(ml_alloc_site(s), site, how, 1))
		return;
	uptr base = ML_LOAD(&r->base), end = ML_LOAD(&r->end);
	struct ml_leak l = {0};
	l.how = how == ML_LOSS_CONTAINER ? "indirect" : "definite";
	l.bytes = l.size = end - base;
	l.blocks = 1;
	l.stack = c->alloc_stack;
	l.tid = ml_rare_get(&ML_RARE[s].alloc_tid);
	l.run = 1;
	l.lost = site;
	l.lost_how = ml_loss_names[how];
	l.via = how == ML_LOSS_CYCLE ? ml_loss_names[via] : 0;
	l.cycle = how == ML_LOSS_CYCLE ? blocks : 0;
	l.depth = steps;
	l.slot = s;
	l.jumped = how == ML_LOSS_LONGJMP;
	struct ml_binfo info;
	if (ml_block_info(ml_mkmeta(s, gen), &info))
		l.id = info.id;
	struct ml_event ev = {0};
	ev.point = ML_LEAK;
	ev.access = ML_ACC_LEAK;
	ev.site = site;
	ev.p = base;
	ev.m = ml_mkmeta(s, gen);
	ev.n = l.bytes;
	ev.leak = &l;
	ml_detect(&ev);
}

static void ml_release_at(uptr p, uptr n, meta_t tag, unsigned how, const site_t *site);

void ml_loss_cascade(unsigned s, unsigned gen, const site_t *site, unsigned steps)
{
	const struct __ml_rec *r = &__ML_RECS[s];
	uptr base = ML_LOAD(&r->base), end = ML_LOAD(&r->end);
	unsigned mark = __ml_t.lost;
	ml_release_at(base, end - base, ml_mkmeta(s, gen), ML_LOSS_CONTAINER, site);
	for (unsigned i = mark; i < __ml_t.lost; i++)
		ml_tls.drops[i].steps = steps + 1;
}

/* The block in slot s (generation gen) has no reference left after the
 * statement at site: report it (unless a pointer memlens could not count
 * holds it), then release what it points to. */
static void ml_lost(unsigned s, unsigned gen, const site_t *site, unsigned how, unsigned steps)
{
	if (!ml_seen_before(ml_alloc_site(s), site, how, 0)) {
		struct ml_span sp = ml_span_of(s);
		if (ml_suppressed(ML_MEMORY_LEAK, ML_COLD[s].alloc_stack) || ml_loss_held(&sp, 1)) {
			ml_pin(s); /* (the check at exit counts it) */
			return;
		}
	}
	ml_loss_report(s, gen, site, how, how, steps, 1);
	/* what only it pointed to is lost with it */
	ml_loss_cascade(s, gen, site, steps);
}

/* Check note d, taken by the statement at site. */
static void ml_check_drop(const struct ml_drop *d, const site_t *site)
{
	unsigned s = d->slot;
	if (ML_LOAD(&__ML_RECS[s].gen) != d->gen || ML_LOAD(&__ML_REFS[s].n) != 0 ||
	    (ML_LOAD(&ML_COLD[s].flags) & ML_CF_LOST))
		return;
	unsigned how = d->how;
	const site_t *at = d->site;
	/* a result returned to this statement and not kept (a new block, or
	 * the value of a callee's local being returned) */
	if (site && (d->callee || d->returned || how == __ML_LOSS_FRESH)) {
		how = ML_LOSS_DISCARDED;
		at = site;
	}
	ml_lost(s, d->gen, at ? at : site, how, d->steps);
}

/* Check the notes of depth at least depth, newest first (the last
 * reference lost is the one that counts), until none is left: a loss
 * releases the references the block holds, which may note more. Notes of
 * callers still running stay. */
static void ml_check_from(unsigned depth, const site_t *site)
{
	struct ml_tls *t = &ml_tls;
	int collect = 0;
	for (;;) {
		unsigned n = __ml_t.lost, i = n;
		while (i > 0 && t->drops[i - 1].depth < depth)
			i--;
		if (i == 0)
			break;
		struct ml_drop d = t->drops[i - 1];
		if (i < n) /* (most often the newest: nothing to move) */
			memmove(&t->drops[i - 1], &t->drops[i], (n - i) * sizeof d);
		__ml_t.lost = n - 1;
		if (d.how == ML_LOSS_COLLECT)
			collect = 1;
		else
			ml_check_drop(&d, site);
	}
	ml_lost_rescan();
	/* (after the notes: a cycle they cut off is one more; not as a
	 * thread ends, site NULL: another collection will be due) */
	if (collect && site)
		ml_cycles_collect(depth);
}

__ml_meta_t __ml_borrow_shared(__ml_meta_t m)
{
	if (!__ml_counted(m))
		return 0;
	__ml_ref(m, 0);
	return m;
}

void __ml_borrow_drop(__ml_meta_t m, const struct __ml_site *site)
{
	__ml_unref(m, site, __ML_LOSS_SCOPE);
}

void __ml_mv_shared(__ml_meta_t old, __ml_meta_t m, const struct __ml_site *site, const struct __ml_site *name)
{
	__ml_mv(old, m, site, name);
}

/* Drop the newest notes of depth at least depth whose blocks have a
 * reference again (a new block assigned, a result stored: most of them),
 * as ml_check_drop would, without ml_check_from's copy of each and its
 * frame; the notes left. */
static ML_GPRS_ONLY unsigned ml_pop_held(unsigned depth)
{
	const struct ml_drop *drops = ml_tls.drops;
	unsigned n = __ml_t.lost;
	while (n > 0 && drops[n - 1].depth >= depth && drops[n - 1].how != ML_LOSS_COLLECT &&
	       ML_LOAD(&__ML_REFS[drops[n - 1].slot].n) != 0)
		n--;
	if (n != __ml_t.lost) {
		__ml_t.lost = n;
		ml_lost_rescan();
	}
	return n;
}

void __ml_lost_check(const struct __ml_site *site)
{
	ml_rt_enter();
	if (ml_pop_held(__ml_t.depth))
		ml_check_from(__ml_t.depth, site);
	ml_rt_leave();
}

/* The notes of frames deeper than d are handed to the frame at depth d. */
static ML_GPRS_ONLY void ml_lost_lower(unsigned d)
{
	struct ml_drop *drops = ml_tls.drops;
	for (unsigned i = 0; i < __ml_t.lost; i++)
		if (drops[i].depth > d) {
			drops[i].depth = d;
			drops[i].callee = 1;
		}
	if (ml_lost_deepest > d)
		ml_lost_deepest = d;
}

void __ml_lost_leave(unsigned d)
{
	ml_rt_enter();
	ml_lost_lower(d);
	ml_rt_leave();
}

/* The trampolines' part of __ml_lost_check and __ml_lost_leave runs in
 * a runtime section (ml_rt_enter's and ml_rt_leave's code, which built
 * for every register would be calls here) whose end leaves signals that
 * arrived inside to the slow path (ml_rt_leave's call): 1 when the slow
 * path must run, a note being left to check or a signal to send again.
 * Most statements whose notes are all held again (a new block assigned,
 * a result stored) end here, without saving the vector state. */
static ML_GPRS_ONLY void ml_lost_fast_begin(void)
{
	ml_tls.busy++;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

static ML_GPRS_ONLY int ml_lost_fast_end(int slow)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	return (--ml_tls.busy == 0 && *(volatile uint64_t *)&ml_tls.deferred) || slow;
}

ML_GPRS_ONLY int ml_lost_held(void)
{
	ml_lost_fast_begin();
	return ml_lost_fast_end(ml_pop_held(__ml_t.depth) && ml_lost_deepest >= __ml_t.depth);
}

ML_GPRS_ONLY int ml_lost_lowered(unsigned d)
{
	ml_lost_fast_begin();
	ml_lost_lower(d);
	return ml_lost_fast_end(0);
}

void ml_loss_settle(unsigned mark)
{
	for (unsigned i = mark; i < __ml_t.lost; i++)
		if (ml_tls.drops[i].how == __ML_LOSS_SCOPE)
			ml_tls.drops[i].how = ML_LOSS_LONGJMP;
}

void ml_loss_thread_exit(void)
{
	if (__ml_t.lost)
		ml_check_from(0, 0);
}

const site_t *ml_loss_pending(unsigned s, unsigned gen, unsigned *how)
{
	const struct ml_tls *t = &ml_tls;
	for (unsigned i = __ml_t.lost; i-- > 0;) {
		const struct ml_drop *d = &t->drops[i];
		if (d->slot == s && d->gen == gen && d->how != __ML_LOSS_FRESH) {
			*how = d->how;
			return d->site;
		}
	}
	*how = ML_LOSS_CYCLE;
	return ml_cycles_cut(s);
}

/* ---- memory that dies or is overwritten ---- */

static void ml_release_at(uptr p, uptr n, meta_t tag, unsigned how, const site_t *site)
{
	uptr a0 = (p + 7) & ~(uptr)7, a1 = (p + n) & ~(uptr)7;
	if (a1 <= a0 || !ml_app_range(a0, a1 - a0))
		return;
	unsigned mark = __ml_t.lost;
	for (uptr a = a0; a < a1; a += 8) {
		meta_t *sh = __ML_META_SHADOW(a);
		meta_t w = *sh;
		if (!w)
			continue;
		*sh = 0;
		if (__ml_shadow_valid(w, *(const uptr *)a, tag))
			__ml_unref(w & __ML_META_MASK, site, how);
	}
	for (unsigned i = mark; i < __ml_t.lost; i++) {
		struct ml_drop *d = &ml_tls.drops[i];
		d->steps = how == ML_LOSS_FREED || how == ML_LOSS_CONTAINER;
		d->returned = 0;
	}
}

void ml_loss_release(uptr p, uptr n, meta_t tag, unsigned how)
{
	if (ML_LOAD(&ml_loss_on))
		ml_release_at(p, n, tag, how, how == __ML_LOSS_SCOPE ? __ml_t.xsite : ml_caller_site());
}

int ml_loss_untracked(unsigned s)
{
	/* (a pinned count some references drifted away from stays far from
	 * zero) */
	return ML_LOAD(&ml_loss_on) && ML_LOAD(&__ML_REFS[s].n) >= __ML_REFS_PINNED / 2;
}

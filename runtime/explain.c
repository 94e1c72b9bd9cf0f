/* explain.c: value propagation chains (paper 000 §2.1, §4.1).
 *
 * Every pointer value instrumented code computes carries, beside its meta,
 * a provenance word (memlens.h): a step of the ring, the slot it was
 * loaded from, or how it was generated. A step is one statement that
 * carried a pointer: {site, dst, prev, meta}. Following prev from the
 * faulting pointer back to a generation gives the chain of statements that
 * made the bad value and carried it to where it hurt; a slot address is
 * followed to the newest store into that slot (dst) of a value of the same
 * meta made before the step that read it.
 *
 * Memory is bounded: the ring keeps the newest explain_ring slots of 16
 * bytes, all threads together (each thread takes ids in chunks, so a step
 * is a few stores and no atomic); a step into memory takes two (its dst
 * and meta in the second), as do two steps in one. A chain whose older
 * steps were overwritten ends there, and says so. Ids are 48 bits: they do
 * not wrap in a run. A slot's id is not stored: its low bits are the
 * slot's place, and a step's head notes two bits of its lap around the
 * ring, which tell the step from those of the next three laps in its slot;
 * a step four laps behind the newest id counts as overwritten. A slot
 * keeps an older step only while no thread wrote it since, and the slots
 * a thread takes but leaves unwritten (at its end, when the options
 * change, the last of a chunk a step of two slots does not fit in) are
 * cleared, so no slot keeps a step four laps old (but one that threads
 * held unwritten for four laps).
 *
 * A free keeps the provenance of the pointer it freed (a ring of the
 * newest ML_FPROV_N frees, found by record slot: ml_freed's fprov), so a
 * DOUBLE-FREE or DANGLING-POINTER-DEREF also shows how the pointer that
 * freed the block got there (the rule's second chain). The ring holds
 * half as many frees as the default step ring holds slots (3 MiB of
 * entries, not the 6 MiB of the ring's 4 MiB of steps): each free takes a
 * step or more, most often a step into memory (two slots), so an older
 * free has its chain's steps overwritten already and keeps only the one
 * statement its entry names (hash.c takes 11 steps a free, forest.c 150).
 */
#include "internal.h"

#include <string.h>

/* A plain global in the program's .bss, which instrumented code (the
 * explain option) reads at each step: a fixed address would cost an
 * instruction per step. A wild write there switches explanations on or
 * off. */
int __ml_explain;

/* Slots a thread takes at a time: a 64th of the ring (a small part of
 * what a chain reads back through), at least 128, as a step into memory
 * takes two (with 64, callgrind Ir of vm 1 was 1.4% higher), and at most
 * 4096, the default ring's 64th: taking them goes through the stub that
 * keeps every register, the vector state's xsave included, which cost
 * vm 8 a tenth of its time with chunks of 128. */
#define ML_STEPS_CHUNK_MIN 128
#define ML_STEPS_CHUNK_MAX 4096
/* Steps note the statement clock (ml_steps_count): ids are taken one at
 * a time, each noting it as it is taken, which keeps it out of the steps'
 * fast path. */
static int ml_steps_clocked;

void ml_explain_init(void)
{
	ml_map_fixed(ML_STEPS_ADDR, ML_STEPS_END - ML_STEPS_ADDR, "value propagation steps");
	ml_map_fixed((uptr)ML_FPROV_RING, ML_FPROV_N * sizeof(struct ml_fprov), "free provenance ring");
	ml_steps_next = ML_STEPS_CHUNK_MIN;
}

void ml_steps_leave(void)
{
	for (struct __ml_step *e = __ml_t.stepat; e < __ml_t.stepend; e++)
		ML_STORE(&e->head, 0);
	__ml_t.stepend = __ml_t.stepat;
}

void ml_explain_set(int on, uptr ring)
{
	ML_STORE(&__ml_explain, 0);
	/* steps test the option only once their thread's chunk is used up
	 * (memlens.h): this thread's is, from now on */
	ml_steps_leave();
	if (!ring)
		return; /* (the options are being set to their defaults) */
	ML_STORE(&ml_steps_mask, ring - 1);
	ML_STORE(&__ml_explain, on);
}

/* The bits of a step's head that say it is one (set: a second slot's
 * head is an address) and give two bits of its lap around the ring, above
 * and below a site's bits. */
#define ML_STEP_LAP_BITS (1UL << 63 | 1UL << 47 | 1UL << 2)
_Static_assert(_Alignof(site_t) >= 8, "a site's address leaves bits 0 to 2 to a step's head");
static uptr ml_step_lap(uptr id)
{
	uptr lap = id >> __builtin_ctzl(ML_LOAD(&ml_steps_mask) + 1);
	return 1UL << 63 | (lap & 1) << 47 | (lap & 2) << 1;
}

static uptr ml_steps_chunk(void)
{
	uptr n = (ml_steps_mask + 1) / 64;
	return n < ML_STEPS_CHUNK_MIN ? ML_STEPS_CHUNK_MIN : n > ML_STEPS_CHUNK_MAX ? ML_STEPS_CHUNK_MAX : n;
}

/* The id word (id << 16 | thread << 1 | 1: a provenance word) of a new
 * step of slots slots (1, 2), the first of a new chunk of ids for this
 * thread (in a program counting statements, a chunk of that step, its
 * clock noted). */
static __attribute__((cold)) uptr ml_steps_refill(uptr slots)
{
	if (__ml_t.stepat != __ml_t.stepend)
		ml_steps_leave(); /* (a slot a step of two did not fit in) */
	ml_thread_exit_hook(); /* (its end clears the slots it leaves) */
	int clocked = ML_LOAD(&ml_steps_clocked);
	uptr n, id, i;
	for (;;) {
		n = clocked ? slots : ml_steps_chunk();
		id = ML_ADD(&ml_steps_next, n);
		i = id & ml_steps_mask;
		if (n > ml_steps_mask + 1 - i)
			n = ml_steps_mask + 1 - i; /* (a chunk's slots are a run: the ids past the ring's end go unused) */
		if (n >= slots)
			break;
		ML_STORE(&ML_STEPS[i].head, 0); /* (a clocked step of two cut to one) */
	}
	uptr word = id << 16 | (__ml_t.id & ML_STEP_TID_MAX) << 1 | 1;
	if (clocked)
		ML_STEP_CLOCKS[i] = __ml_t.clock;
	struct __ml_step *e = &ML_STEPS[i];
	__ml_t.stepat = e + slots;
	__ml_t.stepend = e + n;
	__ml_t.stepbase = word - ((uptr)e << 12);
	__ml_t.stepmark = ml_step_lap(id) | (uptr)(__ml_t.id & ML_STEP_TID_MAX) << 48;
	return word;
}

prov_t ml_step_refill(const site_t *site, uptr s2, prov_t prev)
{
	if ((uptr)site & __ML_STEP_TWO) {
		uptr id = ml_steps_refill(2);
		return __ml_step_put_two(&ML_STEPS[(id >> 16) & ml_steps_mask], (uptr)site, prev, s2);
	}
	uptr id = ml_steps_refill(1);
	return __ml_step_put(&ML_STEPS[(id >> 16) & ml_steps_mask], id, (uptr)site, prev);
}

void ml_step_into_refill(const site_t *site, prov_t prev, meta_t m, uptr dst)
{
	uptr id = ml_steps_refill(2);
	__ml_step_put2(&ML_STEPS[(id >> 16) & ml_steps_mask], (uptr)site, prev, dst, m);
}

void ml_steps_count(void)
{
	ML_STORE(&ml_steps_clocked, 1);
	ml_steps_leave(); /* (the rest of this thread's chunk is not taken) */
}

/* A store whose value's step is pending: both steps. (Its arguments are
 * __ml_store_step's, so that calling it moves none.) */
static __attribute__((noipa)) void ml_store_pending(uptr slot, meta_t m, const site_t *ss, const site_t *ps,
                                                       prov_t pw)
{
	ml_step_into(ss, ml_step(ps, pw), m, slot);
}

/* The steps of a store (explanations on: memlens.h tests them first). */
void __ml_store_step(uptr slot, meta_t m, const site_t *ss, const site_t *ps, prov_t pw)
{
	if (m & __ML_STEP_HELD) {
		m &= ~__ML_STEP_HELD;
		if (__ml_holds_meta(slot, m))
			return;
	}
	if (ps)
		ml_store_pending(slot, m, ss, ps, pw);
	else
		ml_step_into_on(ss, pw, m, slot);
}

int ml_explain_freed_by(unsigned s, meta_t m, struct ml_pv *pv, uptr *bound)
{
	const struct ml_freed *fd = ml_freed_peek(s);
	uint32_t n1 = fd ? ML_LOAD(&fd->fprov) : 0;
	/* (frees since: counted mod 2^32, so a slot freed 2^32 frees ago could
	 * pass, if the entry now there had its generation too) */
	uint32_t since = (uint32_t)ML_LOAD(&ml_fprov_next) - (n1 - 1);
	if (!ML_LOAD(&__ml_explain) || n1 == 0 || since > ML_FPROV_N)
		return 0;
	const struct ml_fprov *f = &ML_FPROV_RING[(n1 - 1) & (ML_FPROV_N - 1)];
	if (f->gen != ml_meta_gen(m) || (!f->site && !f->word))
		return 0;
	pv->site = f->site;
	pv->word = f->word;
	*bound = f->bound;
	return 1;
}

/* ---- the provenance of interceptors' arguments ---- */

int ml_arg_pv(meta_t m, struct ml_pv *pv)
{
	if (!ml_tls.args_own)
		return 0;
	for (unsigned i = 0; i < __ML_MAX_ARGS; i++)
		if (__ml_t.arg[i] == m) {
			pv->site = __ml_t.argsite[i];
			pv->word = __ml_t.argprov[i];
			return 1;
		}
	return 0;
}

prov_t ml_arg_word(unsigned i)
{
	if (!ml_tls.args_own)
		return __ML_GEN_NONE;
	const site_t *s = __ml_t.argsite[i];
	return s ? ml_step(s, __ml_t.argprov[i]) : __ml_t.argprov[i];
}

void ml_setret(uptr self, meta_t m, prov_t gen)
{
	struct ml_pv pv = {0, gen};
	if (gen == __ML_GEN_EXTERN && m != __ML_NULL)
		ml_arg_pv(m, &pv); /* a pointer into an argument: its provenance */
	__ml_setret(self, m, pv.site, pv.word);
}

/* ---- reading chains back ---- */

/* The step of id, or NULL once overwritten. */
static const struct __ml_step *ml_step_get(uptr id)
{
	uptr ring = ML_LOAD(&ml_steps_mask) + 1;
	if (id + 4 * ring < ML_LOAD(&ml_steps_next))
		return 0; /* (its lap's two bits could be a newer step's) */
	const struct __ml_step *e = &ML_STEPS[id & (ring - 1)];
	return (ML_LOAD(&e->head) & ML_STEP_LAP_BITS) == ml_step_lap(id) ? e : 0;
}

/* Step e's site (the newer of two steps). */
static const site_t *ml_step_site(const struct __ml_step *e)
{
	return (const site_t *)(e->head & ((1UL << 47) - 8));
}

/* Step e's second slot, or NULL: a step into no memory. */
static const struct __ml_step_more *ml_step_more(const struct __ml_step *e)
{
	return (e->head & __ML_STEP_MORE) ? (const struct __ml_step_more *)(e + 1) : 0;
}

/* The slot step e wrote (a store or copy), or the older step's site of
 * two, or 0. */
static uptr ml_step_dst(const struct __ml_step *e)
{
	const struct __ml_step_more *more = ml_step_more(e);
	return more ? more->dst : 0;
}

/* The meta of step e, a step into memory. */
static meta_t ml_step_meta(const struct __ml_step *e)
{
	return ((const struct __ml_step_more *)(e + 1))->meta;
}

/* The thread that made step e. */
static unsigned ml_step_tid(const struct __ml_step *e)
{
	return (unsigned)(e->head >> 48 & ML_STEP_TID_MAX);
}

static uptr ml_step_clock(const struct __ml_step *e)
{
	return ML_STEP_CLOCKS[e - ML_STEPS];
}

/* Is entry e two steps (__ml_pend2)? */
static int ml_step_two(const struct __ml_step *e)
{
	return e->head & __ML_STEP_TWO;
}

/* Is step e a store of a value with meta m into slot, or a copy of a
 * range holding it? */
static int ml_stored(const struct __ml_step *e, uptr slot, meta_t m)
{
	meta_t em = ml_step_meta(e);
	uptr dst = ml_step_dst(e);
	if (em & ML_STEP_COPY)
		return slot >= dst && slot - dst < ML_STEP_UNDEF_LEN(em);
	return dst == slot && !(em & ML_STEP_UNDEF) && (em == m || m == __ML_WILD);
}

/* The newest step into memory of the ring that match accepts (with arg)
 * whose id is below bound (the step that read a value came after it), or
 * NULL; *found: its id. A step of another thread may carry a larger id than
 * a later read (ids come in chunks): failing the first look, the newest
 * such step at all. */
static const struct __ml_step *ml_ring_find(uptr bound, int (*match)(const struct __ml_step *, const void *),
                                            const void *arg, uptr *found)
{
	uptr next = ML_LOAD(&ml_steps_next), ring = ML_LOAD(&ml_steps_mask) + 1;
	uptr lo = next > ring ? next - ring : 1;
	for (int pass = 0; pass < 2; pass++) {
		uptr hi = pass == 0 && bound < next ? bound : next;
		for (uptr id = hi; id-- > lo;) {
			const struct __ml_step *e = ml_step_get(id);
			if (e && (e->head & (__ML_STEP_MORE | __ML_STEP_TWO)) == __ML_STEP_MORE && match(e, arg)) {
				*found = id;
				return e;
			}
		}
		if (bound >= next)
			break;
	}
	return 0;
}

struct ml_slot_meta {
	uptr slot;
	meta_t m;
};

static int ml_stores_into(const struct __ml_step *e, const void *arg)
{
	const struct ml_slot_meta *sm = arg;
	return ml_stored(e, sm->slot, sm->m);
}

/* The newest store into slot of a value with meta m (or copy into it)
 * older than bound. */
static const struct __ml_step *ml_store_find(uptr slot, meta_t m, uptr bound, uptr *found)
{
	struct ml_slot_meta sm = {slot, m};
	return ml_ring_find(bound, ml_stores_into, &sm, found);
}

static void ml_chain_add(struct ml_chain *c, const site_t *site, uptr dst, unsigned tid, uptr clock)
{
	if (!site)
		return;
	if ((site->kind & 0xff) == __ML_SITE_STEPS) { /* (a step into memory is never one) */
		ml_chain_add(c, site - site->line, 0, tid, clock);
		ml_chain_add(c, site - site->col, 0, tid, clock);
		return;
	}
	if (c->n && c->link[c->n - 1].site == site) {
		c->link[c->n - 1].repeat++;
		c->link[c->n - 1].clock = clock; /* the oldest of the run */
		return;
	}
	if (c->n == ML_CHAIN_MAX) {
		c->more++;
		return;
	}
	struct ml_link *l = &c->link[c->n++];
	l->site = site;
	l->dst = dst;
	l->tid = tid;
	l->clock = clock;
	l->repeat = 0;
}

/* Entry e's step, or its two steps newest first, added to c. */
static void ml_chain_step(struct ml_chain *c, const struct __ml_step *e)
{
	if (ml_step_two(e)) {
		ml_chain_add(c, ml_step_site(e), 0, ml_step_tid(e), ml_step_clock(e));
		ml_chain_add(c, (const site_t *)ml_step_dst(e), 0, ml_step_tid(e), ml_step_clock(e));
		return;
	}
	ml_chain_add(c, ml_step_site(e), ml_step_dst(e), ml_step_tid(e), ml_step_clock(e));
}

/* The chain ends at slot, which no step stored a value into. In a
 * global variable, the last step is its declaration: while the ring still
 * holds every step of the run, the value is its initial one (or a store
 * by code memlens does not see). */
static void ml_chain_unseen(struct ml_chain *c, uptr slot)
{
	struct ml_binfo k;
	const site_t *decl[1];
	c->end = ML_END_UNSEEN;
	c->slot = slot;
	if (!ml_object_at_addr(slot, &k) || k.kind != __ML_KIND_GLOBAL || !ml_stack_get(k.alloc_stack, decl, 1))
		return;
	ml_chain_add(c, decl[0], slot, 0, 0);
	if (ML_LOAD(&ml_steps_next) <= ML_LOAD(&ml_steps_mask) + 1) {
		c->end = ML_END_ORIGIN;
		c->gen = __ML_GEN_INITIAL;
	}
}

/* Walks are bounded: steps followed, and ring searches (each reads the
 * whole ring). */
#define ML_WALK_STEPS 100000u
#define ML_WALK_SEARCHES 64u

/* Was step id found before in this walk? A search's second look (another
 * thread's steps, ml_ring_find) may find a step newer than the one it
 * started from, and then the steps of one thread's two statements storing
 * into the same bytes led to each other for ever. */
static int ml_walk_seen(const uptr *seen, unsigned n, uptr id)
{
	for (unsigned i = 0; i < n; i++)
		if (seen[i] == id)
			return 1;
	return 0;
}

void ml_chain_build(const struct ml_pv *pv, meta_t m, uptr bound, unsigned tid, struct ml_chain *c)
{
	memset(c, 0, sizeof *c);
	c->clock = __ml_t.clock;
	prov_t w = pv->word;
	if (pv->site) /* the pending step: the value's last move */
		ml_chain_add(c, pv->site, 0, tid, c->clock);
	if (!ML_LOAD(&__ml_explain)) {
		c->end = ML_END_OFF;
		return;
	}
	unsigned steps = 0, searches = 0;
	uptr seen[ML_WALK_SEARCHES];
	for (;;) {
		if (++steps > ML_WALK_STEPS) {
			c->end = ML_END_LONG;
			return;
		}
		if (w & 1) {
			uptr id = w >> 16;
			const struct __ml_step *e = ml_step_get(id);
			if (!e) {
				c->end = ML_END_DROPPED;
				return;
			}
			ml_chain_step(c, e);
			w = e->prev;
			bound = id;
			continue;
		}
		if (w & __ML_PROV_PACKED) { /* a step of its thread, as the newer one that moved its value on */
			unsigned by = c->n ? c->link[c->n - 1].tid : tid;
			ml_chain_add(c, (const site_t *)(w & ((1UL << 47) - 1)), 0, by, c->n ? c->link[c->n - 1].clock : c->clock);
			w = (w & ~__ML_PROV_PACKED) >> 47;
			continue;
		}
		if (w < __ML_GEN_MAX) {
			c->end = w == __ML_GEN_NONE ? ML_END_UNKNOWN : ML_END_ORIGIN;
			c->gen = w;
			return;
		}
		if (++searches > ML_WALK_SEARCHES) {
			c->end = ML_END_LONG;
			return;
		}
		uptr found;
		const struct __ml_step *e = ml_store_find(w, m, bound, &found);
		if (!e || ml_walk_seen(seen, searches - 1, found)) {
			ml_chain_unseen(c, w);
			return;
		}
		seen[searches - 1] = found;
		ml_chain_step(c, e);
		w = (ml_step_meta(e) & ML_STEP_COPY) ? e->prev + (w - ml_step_dst(e)) : e->prev;
		bound = found;
	}
}

/* ---- chains of undefined bytes ---- */

static int ml_undef_covers(const struct __ml_step *e, const void *arg)
{
	uptr a = *(const uptr *)arg;
	meta_t em = ml_step_meta(e);
	uptr dst = ml_step_dst(e);
	return (em & ML_STEP_UNDEF) && a >= dst && a - dst < ML_STEP_UNDEF_LEN(em);
}

/* The newest copy or store of undefined bytes covering address a, older
 * than bound; *found: its id. */
static const struct __ml_step *ml_undef_find(uptr a, uptr bound, uptr *found)
{
	return ml_ring_find(bound, ml_undef_covers, &a, found);
}

/* The step that read the value of origin o into a variable, added to c;
 * the address it read, or 0 (c ends). */
static uptr ml_chain_read(struct ml_chain *c, uptr o, uptr *bound)
{
	uptr id = ml_origin_step(o);
	if (!id) {
		c->end = ML_END_ORIGIN;
		return 0;
	}
	const struct __ml_step *e = ml_step_get(id);
	if (!e) {
		c->end = ML_END_DROPPED;
		return 0;
	}
	ml_chain_step(c, e);
	*bound = id;
	return e->prev;
}

void ml_chain_build_undef(uptr a, uptr origin, struct ml_chain *c)
{
	memset(c, 0, sizeof *c);
	c->undef = 1;
	c->clock = __ml_t.clock;
	uptr bound = ML_BOUND_NOW;
	if (!a && !(a = ml_chain_read(c, origin, &bound)))
		return;
	uptr seen[ML_WALK_SEARCHES];
	for (unsigned searches = 0; searches < ML_WALK_SEARCHES; searches++) {
		uptr found;
		const struct __ml_step *e = ml_undef_find(a, bound, &found);
		if (!e || ml_walk_seen(seen, searches, found)) { /* never written since its object was made */
			c->end = ML_END_ORIGIN;
			return;
		}
		seen[searches] = found;
		ml_chain_step(c, e);
		if (ml_step_meta(e) & ML_STEP_UNDEF_DECL) { /* poisoned as it was declared */
			c->end = ML_END_ORIGIN;
			c->gen = __ML_GEN_DECLARED;
			c->decl = ml_step_site(e);
			return;
		}
		if (ml_step_meta(e) & ML_STEP_UNDEF_VALUE) {
			if (!(a = ml_chain_read(c, e->prev, &bound)))
				return;
			continue;
		}
		a = e->prev + (a - ml_step_dst(e));
		bound = found;
	}
	c->end = ML_END_LONG;
}

/* objects.c: variables as objects — globals, static locals and the locals
 * of instrumented functions whose address escapes.
 *
 * Globals and static locals get a record when the unit's constructor (or
 * the static's first declaration) registers them, and keep it forever.
 *
 * Locals (and parameters) are registered when their declaration is
 * reached and retired when their scope ends. Each thread keeps its live
 * locals on a stack, oldest first; __ml_t.nobj is its height. A block that
 * registers locals begins by saving the height in a scope variable whose
 * cleanup (gcc's cleanup attribute: every exit of the block but longjmp)
 * pops back to it; the second return of setjmp pops back to the height at
 * the setjmp call; a thread's end pops everything. Retiring bumps the
 * record's generation, so every pointer to the local is dangling from then
 * on, whatever reuses the stack memory. A local retired while its function
 * returns (the shadow stack is already below the depth it was registered
 * at) is marked so: using it is USE-AFTER-RETURN, not USE-AFTER-SCOPE.
 */
#include "internal.h"

#include <sys/mman.h>

/* Per-thread capacity: deeper recursions leave their locals unregistered
 * (their pointers say nothing) rather than fail; lent locals deeper than
 * ML_LENT_MAX positions are registered as the others are. */
#define ML_LOCALS_MAX (1u << 20)
#define ML_LOCAL_DELAY 1024u
#define ML_ALLOCAS_MAX (1u << 16)
#define ML_RETIRED_MAX (2 * ML_LOCAL_DELAY)
#define ML_LENT_MAX 4096u
#define ML_LENT_CHUNK 64u
#define ML_LENT_FRAME_RECS (__ML_LENT_FRAMES * __ML_LENT_PER_FRAME)
#define ML_LOCALS_BYTES ((ML_LOCALS_MAX + ML_ALLOCAS_MAX) * sizeof(struct __ml_local) + \
                         (ML_LENT_MAX + ML_LENT_FRAME_RECS) * sizeof(meta_t) + ML_RETIRED_MAX * sizeof(uint32_t))

/* The oldest slot of the thread's ring of retired locals (not empty). */
static unsigned ml_retired_take(struct ml_tls *t)
{
	unsigned s = t->retired[t->rhead];
	t->rhead = (t->rhead + 1) % ML_RETIRED_MAX;
	t->rcount--;
	return s;
}

__ml_meta_t __ml_register_global(const void *base, __ml_uptr size, const struct __ml_site *decl)
{
	if (!ml_ready())
		return __ML_WILD;
	ml_rt_enter();
	meta_t m = ml_new_record(base, size, __ML_KIND_GLOBAL, ml_stack_capture(decl));
	if (decl && ((decl->kind & 0xff) == __ML_SITE_LITERAL || (decl->kind & __ML_SITE_CONST))) {
		/* read-only: a generation of its own, which write checks
		 * refuse (pointers to the slot's earlier objects stay dangling) */
		unsigned s = ml_meta_slot(m);
		ML_STORE(&__ML_RECS[s].gen, __ML_GEN_READONLY);
		ML_COLD[s].gen = __ML_GEN_READONLY;
		m = ml_mkmeta(s, __ML_GEN_READONLY);
	}
	/* by its address too: a pointer to it stored by a static initializer
	 * or by other code has no shadow, and __ml_meta_of finds it here */
	ml_live_insert((uptr)base, m);
	ml_rt_leave();
	return m;
}

/* The caller of the function at the top of the shadow stack: a local's
 * declaration is kept with it (its stack is interned only if a report
 * needs it). */
static inline const site_t *ml_local_caller(void)
{
	unsigned d = __ml_t.depth;
	return d >= 2 && d <= __ML_MAX_FRAMES ? __ml_t.frames[d - 2] : 0;
}

/* A new record for the local (or alloca block) at base, its site and
 * the caller's kept for its stack; WILD when there is no room. */
static meta_t ml_local_record(uptr base, uptr size, const site_t *decl)
{
	struct ml_tls *t = &ml_tls;
	unsigned s;
	if (t->rcount >= ML_LOCAL_DELAY)
		s = ml_retired_take(t);
	else
		s = ml_slot_get();
	ML_LSITE[s] = (struct __ml_lsite){decl, ml_local_caller()};
	meta_t m = ml_init_record(s, (const void *)base, size, __ML_KIND_STACK, 0);
	ml_live_insert(base, m);
	return m;
}

/* The thread's stacks of locals and alloca blocks, mapped on first use. */
static int ml_locals_map(struct ml_tls *t)
{
	if (ML_LIKELY(__ml_t.locals != 0))
		return 1;
	void *p = mmap(0, ML_LOCALS_BYTES, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return 0;
	t->allocas = (struct __ml_local *)p + ML_LOCALS_MAX;
	__ml_t.lent = (meta_t *)(t->allocas + ML_ALLOCAS_MAX);
	t->retired = (uint32_t *)(__ml_t.lent + ML_LENT_MAX);
	__ml_t.locals = p;
	__ml_t.lentframes = (meta_t *)(t->retired + ML_RETIRED_MAX);
	return 1;
}

/* The registration of a local in a slot of the thread's ring (retired
 * ML_LOCAL_DELAY retirements ago, so still a local's of this thread: its
 * kind, id, thread and stacks need no writing). */
static meta_t ml_local_reuse(unsigned s, uptr base, uptr size, const site_t *decl)
{
	struct __ml_rec *r = &__ML_RECS[s];
	struct ml_cold *c = &ML_COLD[s];
	unsigned g = ML_LOAD(&r->gen);
	ML_STORE(&r->base, base);
	ML_STORE(&r->end, base + size);
	c->gen = g;
	ML_STORE(&c->flags, 0);
	ML_LSITE[s] = (struct __ml_lsite){decl, ml_local_caller()};
	meta_t m = ml_mkmeta(s, g);
	ml_live_insert(base, m);
	return m;
}

static ML_NOINLINE meta_t ml_register_local_slow(uptr base, uptr size, const site_t *decl)
{
	struct ml_tls *t = &ml_tls;
	if (!ml_ready() || __ml_t.nobj >= ML_LOCALS_MAX)
		return __ML_WILD;
	ml_rt_enter();
	meta_t m = __ML_WILD;
	if (ml_locals_map(t)) {
		m = ml_local_record(base, size, decl);
		__ml_t.locals[__ml_t.nobj++] = (struct __ml_local){ml_meta_slot(m), __ml_t.depth};
	}
	ml_rt_leave();
	return m;
}

__ml_meta_t __ml_register_local(__ml_uptr base, __ml_uptr size, const struct __ml_site *decl)
{
	struct ml_tls *t = &ml_tls;
	unsigned n = __ml_t.nobj;
	/* (a thread with retired locals has its stacks mapped) */
	if (ML_UNLIKELY(t->rcount < ML_LOCAL_DELAY || n >= ML_LOCALS_MAX))
		return ml_register_local_slow(base, size, decl);
	ml_rt_enter();
	unsigned s = ml_retired_take(t);
	meta_t m = ml_local_reuse(s, base, size, decl);
	__ml_t.locals[n] = (struct __ml_local){s, __ml_t.depth};
	__ml_t.nobj = n + 1;
	ml_rt_leave();
	return m;
}

/* Lent records. A lent local (memlens.h __ml_lent) is registered in the
 * record of the position it takes on its thread's stack of locals: the
 * first ML_LENT_MAX positions get one each, made as the stack first grows
 * there, ML_LENT_CHUNK at a time. Its generation never changes (no pointer
 * to a lent local outlives it), and its thread only rewrites its bounds
 * and declaration. */

/* Is lent record s at a live position of this thread's stack, or a frame's
 * (__ml_lent_at) below the top whose function is the local's? */
int ml_lent_live(unsigned s)
{
	for (unsigned k = __ml_t.nobj < __ml_t.nlent ? __ml_t.nobj : __ml_t.nlent; k-- > 0;)
		if ((__ml_t.locals[k].depth & __ML_LENT_DEPTH) && ml_meta_slot(__ml_t.lent[k]) == s)
			return 1;
	if (!__ml_t.lentframes)
		return 0;
	for (unsigned i = 0; i < ML_LENT_FRAME_RECS; i++)
		if (__ml_t.lentframes[i] && ml_meta_slot(__ml_t.lentframes[i]) == s) {
			unsigned d = i / __ML_LENT_PER_FRAME;
			const site_t *decl = ML_LSITE[s].decl, *at = __ml_t.frames[d];
			return d < __ml_t.depth && decl && at && ml_same_func(decl->func, at->func);
		}
	return 0;
}

/* Make lent records for the positions up to k (inclusive). */
static void ml_lent_extend(unsigned k)
{
	unsigned want = (k / ML_LENT_CHUNK + 1) * ML_LENT_CHUNK;
	if (want > ML_LENT_MAX)
		want = ML_LENT_MAX;
	for (unsigned p = __ml_t.nlent; p < want; p++) {
		unsigned s = ml_slot_get();
		meta_t m = ml_init_record(s, 0, 0, __ML_KIND_STACK, 0);
		ML_STORE(&ML_COLD[s].flags, ML_CF_LENT);
		__ml_t.lent[p] = m;
	}
	__ml_t.nlent = want;
}

__ml_meta_t __ml_register_lent(__ml_uptr base, __ml_uptr size, const struct __ml_site *decl,
                               __ml_meta_t old)
{
	if (old != __ML_WILD) {
		/* the declaration reached again: the local is registered still if
		 * its record names it (at a live position, for a lent record) */
		unsigned s = ml_meta_slot(old);
		const struct __ml_rec *r = &__ML_RECS[s];
		if (s >= __ML_FIRST_SLOT && ML_LOAD(&r->gen) == ml_meta_gen(old) && ML_LOAD(&r->base) == base &&
		    ML_LOAD(&r->end) == base + size && (!(ML_LOAD(&ML_COLD[s].flags) & ML_CF_LENT) || ml_lent_live(s)))
			return old;
	}
	struct ml_tls *t = &ml_tls;
	unsigned k = __ml_t.nobj;
	if (!ml_ready() || k >= ML_LENT_MAX || !ml_locals_map(t))
		return __ml_register_local(base, size, decl);
	ml_rt_enter();
	if (k >= __ml_t.nlent)
		ml_lent_extend(k);
	meta_t m = __ml_t.lent[k];
	unsigned s = ml_meta_slot(m);
	__ml_t.locals[k] = (struct __ml_local){s, __ml_t.depth | __ML_LENT_DEPTH};
	__ml_t.nobj = k + 1;
	ML_STORE(&__ML_RECS[s].base, base);
	ML_STORE(&__ML_RECS[s].end, base + size);
	ML_LSITE[s] = (struct __ml_lsite){decl, ml_local_caller()};
	ml_rt_leave();
	return m;
}

__ml_meta_t __ml_register_lent_at(__ml_uptr base, __ml_uptr size, const struct __ml_site *decl,
                                  __ml_meta_t old, __ml_uptr at)
{
	struct ml_tls *t = &ml_tls;
	uptr d = at / __ML_LENT_PER_FRAME;
	if (d >= __ML_LENT_FRAMES || !ml_ready() || !ml_locals_map(t))
		return __ml_register_lent(base, size, decl, old);
	ml_rt_enter();
	meta_t *e = &__ml_t.lentframes[at];
	if (!*e) {
		unsigned s = ml_slot_get();
		meta_t m = ml_init_record(s, 0, 0, __ML_KIND_STACK, 0);
		ML_STORE(&ML_COLD[s].flags, ML_CF_LENT);
		*e = m;
	}
	meta_t m = *e;
	unsigned s = ml_meta_slot(m);
	ML_STORE(&__ML_RECS[s].base, base);
	ML_STORE(&__ML_RECS[s].end, base + size);
	ML_LSITE[s] = (struct __ml_lsite){decl, d ? __ml_t.frames[d - 1] : 0};
	ml_rt_leave();
	return m;
}

__ml_meta_t __ml_register_alloca(__ml_uptr base, __ml_uptr size, const struct __ml_site *site)
{
	struct ml_tls *t = &ml_tls;
	if (!ml_ready() || !base)
		return __ML_WILD;
	ml_rt_enter();
	meta_t m = __ML_WILD;
	if (ml_locals_map(t)) {
		/* a frame left by longjmp never ran its exits: its blocks end now */
		__ml_alloca_end(__ml_t.depth);
		if (t->nalloca < ML_ALLOCAS_MAX) {
			m = ml_local_record(base, size, site);
			t->allocas[t->nalloca++] = (struct __ml_local){ml_meta_slot(m), __ml_t.depth};
		}
	}
	ml_rt_leave();
	return m;
}

unsigned ml_local_stack(unsigned s)
{
	struct __ml_lsite l = ML_LSITE[s];
	const site_t *f[2] = {l.decl, l.caller};
	return l.decl ? ml_stack_intern(f, l.caller ? 2 : 1) : 0;
}

/* Retire local l: pointers to it dangle from now on, with its end told
 * by its kind (a local retired while its function returns — the shadow
 * stack already below the depth it was registered at — was returned). */
static inline __attribute__((always_inline)) void ml_local_retire(struct ml_tls *t, struct __ml_local l,
                                                                  unsigned depth)
{
	struct __ml_rec *r = &__ML_RECS[l.slot];
	struct ml_cold *c = &ML_COLD[l.slot];
	unsigned g = ML_LOAD(&r->gen);
	/* (free_stack and free_tid stay 0 from registration: a local's
	 * end is its kind, and its own thread retires it) */
	if (ML_UNLIKELY(ML_LOAD(&ml_loss_on))) {
		uptr base = ML_LOAD(&r->base);
		ml_loss_release(base, ML_LOAD(&r->end) - base, ml_mkmeta(l.slot, g), __ML_LOSS_SCOPE);
	}
	ML_STORE(&c->flags, ML_CF_FREED | (depth < l.depth ? ML_CF_RETURNED : 0));
	ML_STORE(&r->gen, ml_next_gen(g));
	if (ML_UNLIKELY(t->rcount == ML_RETIRED_MAX)) /* more retired than registered lately */
		ml_slot_put(ml_retired_take(t));
	t->retired[(t->rhead + t->rcount++) % ML_RETIRED_MAX] = l.slot;
}

void __ml_scope_pop(unsigned h)
{
	struct ml_tls *t = &ml_tls;
	unsigned depth = __ml_t.depth, n = __ml_t.nobj;
	ml_rt_enter();
	while (n > h) {
		__ml_t.nobj = --n;
		struct __ml_local l = __ml_t.locals[n];
		if (!(l.depth & __ML_LENT_DEPTH))
			ml_local_retire(t, l, depth);
	}
	ml_rt_leave();
}

void __ml_scope_pop_depth(unsigned d)
{
	unsigned n = __ml_t.nobj;
	while (n > 0 && (__ml_t.locals[n - 1].depth & ~__ML_LENT_DEPTH) > d)
		n--;
	__ml_scope_pop(n);
}

void __ml_alloca_end(unsigned d)
{
	struct ml_tls *t = &ml_tls;
	ml_rt_enter();
	while (t->nalloca > 0 && t->allocas[t->nalloca - 1].depth > d)
		ml_local_retire(t, t->allocas[--t->nalloca], d);
	ml_rt_leave();
}

/* Lent record s, its thread ending: its generation moves on only now. */
static void ml_lent_free(unsigned s)
{
	ML_STORE(&ML_COLD[s].flags, ML_CF_FREED);
	ML_STORE(&__ML_RECS[s].gen, ml_next_gen(ML_LOAD(&__ML_RECS[s].gen)));
	ml_slot_put(s);
}

void ml_locals_exit(void)
{
	struct ml_tls *t = &ml_tls;
	struct __ml_local *locals = __ml_t.locals;
	if (!locals)
		return;
	__ml_t.depth = 0; /* whatever is left, its function is gone */
	__ml_scope_pop(0);
	__ml_alloca_end(0);
	ml_rt_enter();
	while (t->rcount)
		ml_slot_put(ml_retired_take(t));
	/* the lent records: their generation moves on only now */
	for (unsigned k = 0; k < __ml_t.nlent; k++)
		ml_lent_free(ml_meta_slot(__ml_t.lent[k]));
	for (unsigned i = 0; i < ML_LENT_FRAME_RECS; i++)
		if (__ml_t.lentframes[i])
			ml_lent_free(ml_meta_slot(__ml_t.lentframes[i]));
	__ml_t.nlent = 0;
	__ml_t.lent = 0;
	__ml_t.lentframes = 0;
	__ml_t.locals = 0;
	ml_rt_leave();
	munmap(locals, ML_LOCALS_BYTES);
	t->allocas = 0;
	t->retired = 0;
}

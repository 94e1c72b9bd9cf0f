/* rules.c: the state the rule language's predicates read (rules.h), for the
 * detectors generated from rules: the built-in ones (rules_builtin.c, from
 * default.rules) and a program's own (memlens cc --memlens-rules, which
 * links an object defining __ml_rules).
 *
 * A program's rules may watch its functions: memlens cc wraps each such
 * function so that its entry and return call __ml_rules_call and
 * __ml_rules_ret, which run the rules' call and ret points and keep what
 * FindLast searches (paper 000's trace σ, reduced to the events some rule
 * needs: the last call or every call of a function, §4.1). A rule ranging
 * over F makes every free logged, with the words of the block its rules
 * read (Word); a rule detecting at free makes every valid free an event.
 * Time is the clock heap blocks are numbered by: an event takes the next
 * number, so Time(bid) > k says bid was allocated after the event at k (in
 * one thread: block numbers are not ordered across threads).
 */
#include "rules.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

const struct ml_binfo *ml_rref_block(struct ml_rref *x)
{
	if (x->ev)
		return ml_event_block(x->ev);
	if (!x->resolved) {
		x->resolved = 1;
		ml_block_info(x->m, &x->blk);
	}
	return &x->blk;
}

int ml_r_freed(struct ml_rref *x, struct ml_rref *out)
{
	const struct ml_binfo *b = ml_rref_block(x);
	if (b->kind != __ML_KIND_HEAP || !b->freed)
		return 0;
	if (out) {
		/* free takes a block's base: r1's value is Begin(r) */
		ml_rref_init(out, b->base, ml_mkmeta(b->slot, b->gen));
		out->freer = 1;
	}
	return 1;
}

void ml_r_bid(struct ml_rref *x, struct ml_rref *out)
{
	const struct ml_binfo *b = ml_rref_block(x);
	ml_rref_init(out, b->base, ml_mkmeta(b->slot, b->gen));
	out->words = x->words;
	out->nwords = x->nwords;
}

int ml_r_readable(struct ml_rref *x, uptr p, uptr n)
{
	const struct ml_binfo *b = ml_rref_block(x);
	return b->known && !b->freed && (b->kind == __ML_KIND_HEAP || b->kind == __ML_KIND_GLOBAL ||
	                                 b->kind == __ML_KIND_STACK) &&
	       p >= b->base && n <= b->size && p - b->base <= b->size - n;
}

uint64_t ml_r_load(uptr p)
{
	uint64_t v;
	memcpy(&v, (const void *)p, sizeof v);
	return v;
}

int ml_r_word_ok(struct ml_rref *x, uint64_t i)
{
	if (x->words)
		return i < (uint64_t)x->nwords;
	const struct ml_binfo *b = ml_rref_block(x);
	return i < b->size / 8 && ml_r_readable(x, b->base + 8 * i, 8);
}

uint64_t ml_r_word(struct ml_rref *x, uint64_t i)
{
	if (x->words)
		return x->words[i];
	return ml_r_load(ml_rref_block(x)->base + 8 * i);
}

int ml_r_written(struct ml_rref *x, uptr p)
{
	if (ML_LOAD(&ml_def_on))
		return p >= ML_NULL_LIMIT && ml_app_range(p, 1) && __ml_undef_bits(p, 1) == 0 ? ML_T : ML_F;
	/* detection mode: the writes to the program's heap blocks, if kept */
	const struct ml_binfo *b = ml_rref_block(x);
	if (!(ML_LOAD(&ml_rules_logging) & ML_RULES_WRITES) || b->kind != __ML_KIND_HEAP || !b->known ||
	    b->freed || p - b->base >= b->size)
		return ML_U;
	return __ml_undef_bits(p, 1) == 0 ? ML_T : ML_F;
}

/* ---- what the report of a rule that fired shows ---- */

static struct ml_loc *ml_loc_add(struct ml_fired *f)
{
	return f->nloc < ML_LOC_MAX ? &f->loc[f->nloc++] : 0;
}

void ml_locate_ref(struct ml_fired *f, struct ml_rref *x, const char *title)
{
	struct ml_loc *l = ml_loc_add(f);
	if (!l)
		return;
	l->how = x->freer ? ML_LOC_FREER : ML_LOC_PTR;
	l->m = x->m;
	l->p = x->p;
	l->has_pv = x->has_pv;
	if (x->has_pv)
		l->pv = x->pv;
	l->redex = x->ev != 0;
	l->title = title;
}

void ml_locate_block(struct ml_fired *f, struct ml_rref *x)
{
	const struct ml_binfo *b = ml_rref_block(x);
	struct ml_loc *l = ml_loc_add(f);
	if (l)
		*l = (struct ml_loc){.how = ML_LOC_BLOCK, .m = ml_mkmeta(b->slot, b->gen), .p = b->base};
}

void ml_locate_undef(struct ml_fired *f)
{
	struct ml_loc *l = ml_loc_add(f);
	if (l)
		*l = (struct ml_loc){.how = ML_LOC_UNDEF, .redex = 1};
}

/* ---- the program's rule set ---- */

const struct ml_ruleset *ml_ruleset(void)
{
	const struct ml_ruleset *rs = &__ml_rules;
	return rs && rs->abi == ML_RULES_ABI ? rs : 0;
}

/* rules.c's part of the state mapping (internal.h) */
struct ml_freed_rec {
	meta_t m;
	uint32_t nwords;
	uint64_t words[8];
};
struct ml_rules_state {
	int lock;
	unsigned log_frees;                    /* ml_rules_logging (internal.h) */
	int main_func;                         /* ret main's function, + 1 */
	struct ml_tev last[ML_RULES_FUNCS][2]; /* each function's last call and return */
	uint32_t head[ML_RULES_FUNCS][2];      /* its newest event in the log, + 1 */
	struct ml_tev *log;                    /* every event of the functions traced so */
	uint32_t nlog, caplog;
	struct ml_freed_rec *freed;            /* the newest blocks freed (F): a ring once full */
	uint32_t capfreed;
	uint64_t nfreed;                       /* blocks freed (logged or summarized) */
	struct ml_summary {
		uint64_t n[3];                 /* the blocks its body was ML_F, ML_T, ML_U for */
		struct ml_freed_rec witness;   /* the first it held for */
	} summary[ML_RULES_SUMMARIES];
	uint64_t ptrmap_time;                  /* the event whose pointer map leaks.c holds */
	int ptrmap_ok;
};
_Static_assert(ML_ST_RULES + sizeof(struct ml_rules_state) <= ML_ST_RULES_END, "rules.c's state fits");
_Static_assert(__builtin_offsetof(struct ml_rules_state, log_frees) == 4, "ml_rules_logging is log_frees");
#define ML_RULES_STATE (&ML_STATE_AT(struct ml_rules_state, ML_ST_RULES))

/* Grow an array of the state mapping's (mapped apart: the program's heap is
 * not the runtime's), to hold one more of size bytes each. */
static int ml_grow(void **a, uint32_t n, uint32_t *cap, size_t size)
{
	if (n < *cap)
		return 1;
	uint32_t ncap = *cap ? *cap * 2 : 1024;
	void *p = *a ? mremap(*a, (size_t)*cap * size, (size_t)ncap * size, MREMAP_MAYMOVE)
	             : mmap(0, (size_t)ncap * size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return 0;
	*a = p;
	*cap = ncap;
	return 1;
}

/* The block of slot s (meta m), about to be freed, joins F: each summary
 * of a quantifier over F counts it (its body evaluated for the block as
 * freed), and the log keeps it if a quantifier needs the blocks. */
static void ml_rules_log_free(const struct ml_ruleset *rs, unsigned slot, meta_t m)
{
	struct ml_rules_state *st = ML_RULES_STATE;
	const struct __ml_rec *r = &__ML_RECS[slot];
	uptr base = ML_LOAD(&r->base), size = ML_LOAD(&r->end) - base;
	struct ml_freed_rec f = {.m = m};
	for (int i = 0; i < rs->freed_words && i < 8 && (uptr)i * 8 + 8 <= size; i++)
		f.words[f.nwords++] = ml_r_load(base + 8 * (uptr)i);
	ml_spin_lock(&st->lock);
	if (rs->nsummaries) {
		struct ml_rref b;
		ml_rref_init(&b, base, m);
		ml_block_info(m, &b.blk);
		b.blk.freed = 1; /* (as it is once free returns) */
		b.resolved = 1;
		b.words = f.words;
		b.nwords = (int)f.nwords;
		for (unsigned k = 0; k < rs->nsummaries && k < ML_RULES_SUMMARIES; k++) {
			struct ml_rref x = b;
			int v = rs->summaries[k](&x);
			if (v == ML_T && !st->summary[k].n[ML_T])
				st->summary[k].witness = f;
			st->summary[k].n[v]++;
		}
	}
	if (rs->log_freed && (st->nfreed < st->capfreed || st->capfreed == ML_FREED_LOG ||
	                      ml_grow((void **)&st->freed, (uint32_t)st->nfreed, &st->capfreed, sizeof *st->freed)))
		st->freed[st->nfreed % st->capfreed] = f;
	st->nfreed++;
	ml_spin_unlock(&st->lock);
}

void ml_heap_begin(struct ml_iter *it)
{
	it->slot = __ML_FIRST_SLOT;
	it->end = ml_slot_end();
}

int ml_heap_next(struct ml_iter *it, struct ml_rref *b)
{
	for (; it->slot < it->end; it->slot++) {
		unsigned s = it->slot;
		const struct __ml_rec *r = &__ML_RECS[s];
		const struct ml_cold *c = &ML_COLD[s];
		unsigned g = ML_LOAD(&r->gen);
		if (ml_rec_kind(r) != __ML_KIND_HEAP || (ML_LOAD(&c->flags) & (ML_CF_FREED | ML_CF_FOREIGN)) ||
		    g != ML_LOAD(&c->gen) || !ml_record_sane(s))
			continue;
		ml_rref_init(b, ML_LOAD(&r->base), ml_mkmeta(s, g));
		it->slot++;
		return 1;
	}
	return 0;
}

int ml_heap_any(void)
{
	struct ml_iter it;
	struct ml_rref b;
	ml_heap_begin(&it);
	return ml_heap_next(&it, &b);
}

/* (the caller holds the rules' lock: ml_detect does) */
void ml_freed_begin(struct ml_iter *it)
{
	struct ml_rules_state *st = ML_RULES_STATE;
	it->slot = 0;
	it->end = (unsigned)(st->nfreed < st->capfreed ? st->nfreed : st->capfreed);
}

static void ml_freed_ref(struct ml_rref *b, const struct ml_freed_rec *f)
{
	ml_rref_init(b, 0, f->m);
	b->p = ml_rref_block(b)->base;
	b->words = f->words;
	b->nwords = (int)f->nwords;
}

/* (the log's blocks, oldest first: the newest it->end of those freed) */
int ml_freed_next(struct ml_iter *it, struct ml_rref *b)
{
	struct ml_rules_state *st = ML_RULES_STATE;
	if (it->slot >= it->end)
		return 0;
	ml_freed_ref(b, &st->freed[(st->nfreed - it->end + it->slot++) % st->capfreed]);
	return 1;
}

int ml_freed_any(void) { return ML_RULES_STATE->nfreed != 0; }

int ml_freed_summary(unsigned k, int all, struct ml_rref *b)
{
	const struct ml_summary *s = &ML_RULES_STATE->summary[k];
	if (all)
		return s->n[ML_F] ? ML_F : s->n[ML_U] ? ML_U : ML_T;
	if (s->n[ML_T]) {
		ml_freed_ref(b, &s->witness);
		return ML_T;
	}
	return s->n[ML_U] ? ML_U : ML_F;
}

int ml_r_ptrmap(struct ml_event *ev, struct ml_rref *x, int state)
{
	struct ml_rules_state *st = ML_RULES_STATE;
	if (!ev->tev || !ml_tls.rules_sp)
		return ML_U;
	if (st->ptrmap_time != ev->tev->time) { /* one scan per event */
		st->ptrmap_time = ev->tev->time;
		st->ptrmap_ok = ml_ptrmap_build(ml_tls.rules_sp);
	}
	const struct ml_binfo *b = ml_rref_block(x);
	if (!st->ptrmap_ok || b->kind != __ML_KIND_HEAP || !b->known)
		return ML_U;
	return !b->freed && ml_ptrmap_state(b->base) >= state ? ML_T : ML_F;
}

int ml_r_points_to(struct ml_rref *x, struct ml_rref *y)
{
	const struct ml_binfo *a = ml_rref_block(x);
	if (x->words || !ml_r_readable(x, a->base, a->size))
		return ML_U;
	const struct ml_binfo *b = ml_rref_block(y);
	if (!b->known)
		return ML_U;
	for (uptr p = (a->base + 7) & ~(uptr)7; p + 8 <= a->base + a->size; p += 8) {
		uptr v = ml_r_load(p);
		if (v - b->base < b->size || v == b->base)
			return ML_T;
	}
	return ML_F;
}

void ml_rules_free(void *p, meta_t m, int acc, uptr pc, const struct ml_pv *pv)
{
	const struct ml_ruleset *rs = ml_ruleset();
	unsigned need = ML_LOAD(&ml_rules_logging);
	const struct __ml_rec *r = &__ML_RECS[ml_meta_slot(m)];
	if (!rs || ml_rec_kind(r) != __ML_KIND_HEAP || ML_LOAD(&r->base) != (uptr)p ||
	    ML_LOAD(&r->gen) != ml_meta_gen(m))
		return; /* not a valid free: the built-in rules' (ml_bad_free) */
	if (need & ML_RULES_LOG_FREES)
		ml_rules_log_free(rs, ml_meta_slot(m), m);
	if (!(need & ML_RULES_FREE_POINT))
		return;
	struct ml_event ev = {0};
	ev.point = ML_FREE;
	ev.access = (enum ml_access)acc;
	ev.p = (uptr)p;
	ev.m = m;
	ev.site = ml_caller_site();
	ev.pc = pc;
	if (pv) {
		ev.pv = *pv;
		ev.has_pv = 1;
	}
	ml_detect_rules(&ev);
}

/* ---- the trace of watched functions ---- */

const struct ml_tev *ml_trace_last(int func, unsigned kind)
{
	struct ml_rules_state *st = ML_RULES_STATE;
	if (func < 0 || func >= ML_RULES_FUNCS)
		return 0;
	if (st->head[func][kind])
		return &st->log[st->head[func][kind] - 1];
	return st->last[func][kind].time ? &st->last[func][kind] : 0;
}

const struct ml_tev *ml_trace_prev(const struct ml_tev *e)
{
	return e->prev ? &ML_RULES_STATE->log[e->prev - 1] : 0;
}

/* Keep e as its function's trace says (the caller holds the lock). */
static void ml_trace_add(const struct ml_ruleset *rs, struct ml_tev *e)
{
	struct ml_rules_state *st = ML_RULES_STATE;
	unsigned t = rs->funcs[e->func].trace;
	unsigned all = e->kind == ML_TEV_CALL ? ML_TRACE_CALL_ALL : ML_TRACE_RET_ALL;
	unsigned one = e->kind == ML_TEV_CALL ? ML_TRACE_CALL : ML_TRACE_RET;
	if ((t & all) && ml_grow((void **)&st->log, st->nlog, &st->caplog, sizeof *st->log)) {
		e->prev = st->head[e->func][e->kind];
		st->log[st->nlog++] = *e;
		st->head[e->func][e->kind] = st->nlog;
	} else if (t & one) {
		st->last[e->func][e->kind] = *e;
	}
}

int ml_rref_tev(struct ml_rref *x, const struct ml_tev *e, unsigned j)
{
	if (j >= e->nargs) {
		ml_rref_init(x, 0, __ML_NULL);
		return 0;
	}
	ml_rref_init(x, e->arg[j], e->meta[j]);
	return 1;
}

int ml_rref_tev_ret(struct ml_rref *x, const struct ml_tev *e)
{
	ml_rref_init(x, e->has_ret ? e->ret : 0, e->has_ret ? e->retmeta : __ML_NULL);
	return e->has_ret;
}

/* x's chain: the provenance its event gave it (argpv[j]) */
static void ml_rref_pv(struct ml_rref *x, struct ml_event *ev, unsigned j)
{
	if (ev->argpv && (ev->argpv[j].site || ev->argpv[j].word)) {
		x->pv = ev->argpv[j];
		x->has_pv = 1;
	}
}

int ml_rref_arg(struct ml_rref *x, struct ml_event *ev, unsigned j)
{
	if (!ev->tev || !ml_rref_tev(x, ev->tev, j))
		return 0;
	ml_rref_pv(x, ev, j);
	return 1;
}

int ml_rref_ret(struct ml_rref *x, struct ml_event *ev)
{
	if (!ev->tev || !ml_rref_tev_ret(x, ev->tev))
		return 0;
	ml_rref_pv(x, ev, ML_TEV_ARGS);
	return 1;
}

/* Run the detectors of the program's rules at ev (its function's, for call
 * and ret), after the built-in ones: each rule states a bug of its own, so
 * every one that holds reports (the first one's kind is returned), where
 * the built-in rules' order is a precedence. A condition is evaluated under
 * the rules' lock (the logs it reads may grow and move), the report after
 * it. */
int ml_rules_detect(struct ml_event *ev,
                    void (*fire)(const struct ml_detector *, struct ml_event *, const struct ml_fired *))
{
	const struct ml_ruleset *rs = ml_ruleset();
	if (!rs)
		return -1;
	struct ml_rules_state *st = ML_RULES_STATE;
	unsigned at = ML_AT(ev->point);
	int found = -1;
	for (unsigned i = 0; i < rs->ndetectors; i++) {
		const struct ml_detector *d = &rs->detectors[i];
		if (!(d->points & at) || (d->func >= 0 && (!ev->tev || ev->tev->func != d->func)) ||
		    d->kind >= ML_KINDS_MAX || !ML_LOAD(&ml_kind_enabled[d->kind]))
			continue;
		struct ml_fired fired;
		fired.nloc = 0;
		ml_spin_lock(&st->lock);
		int holds = d->cond(ev, &fired);
		ml_spin_unlock(&st->lock);
		if (holds) {
			fire(d, ev, &fired);
			if (found < 0)
				found = (int)d->kind;
		}
	}
	return found;
}

/* A watched function's event: traced, and its point's detectors run. */
/* (sp: the hook's frame, above which the pointer map's scan of this stack
 * begins, Reachable and Pointed: below it lie the runtime's frames, over
 * the dead ones of the watched function, whose stale words would make lost
 * blocks look reachable. The wrapper saved every register of the program's
 * in its own frame, above.) */
static void ml_rules_event(const struct ml_ruleset *rs, struct ml_tev *e, const struct ml_pv *argpv,
                           enum ml_access acc, const site_t *site, uptr sp)
{
	uptr outer_sp = ml_tls.rules_sp;
	ml_tls.rules_sp = sp;
	struct ml_rules_state *st = ML_RULES_STATE;
	e->time = ml_next_block_id();
	ml_spin_lock(&st->lock);
	ml_trace_add(rs, e);
	ml_spin_unlock(&st->lock);
	struct ml_event ev = {0};
	ev.point = e->kind == ML_TEV_CALL ? ML_CALL : ML_RET;
	ev.access = acc;
	ev.m = __ML_NULL;
	ev.site = site;
	ev.tev = e;
	ev.argpv = argpv;
	ml_detect(&ev);
	ml_tls.rules_sp = outer_sp;
}

/* An argument (or value returned) the wrappers pass as its address, size
 * and class: the word it is, its meta (*m: the one instrumented code gave
 * it; m NULL: found from the address). */
static void ml_tev_word(va_list *ap, const meta_t *m, uptr *w, meta_t *meta)
{
	const void *a = va_arg(*ap, const void *);
	size_t size = va_arg(*ap, size_t);
	int cls = va_arg(*ap, int);
	uint64_t v = 0;
	memcpy(&v, a, size < sizeof v ? size : sizeof v);
	if ((cls & ML_ARG_SIGNED) && size < sizeof v && (v >> (8 * size - 1) & 1))
		v |= ~(uint64_t)0 << (8 * size); /* an int is its value as a word */
	*w = v;
	*meta = __ML_WILD;
	if (cls & ML_ARG_POINTER)
		*meta = m ? *m : v ? __ml_meta_of((const void *)v) : __ML_NULL;
}

void __ml_rules_call(int func, int own, meta_t *metas, unsigned n, ...)
{
	const struct ml_ruleset *rs = ml_ruleset();
	if (!rs || func < 0 || (unsigned)func >= rs->nfuncs || !ml_ready())
		return;
	ml_rt_enter();
	struct ml_tev e = {.func = func, .kind = ML_TEV_CALL};
	struct ml_pv pv[ML_TEV_ARGS + 1] = {0};
	va_list ap;
	va_start(ap, n);
	for (unsigned i = 0; i < n && i < ML_TEV_ARGS; i++) {
		int mine = own && i < __ML_MAX_ARGS;
		ml_tev_word(&ap, mine ? &__ml_t.arg[i] : 0, &e.arg[i], &e.meta[i]);
		if (mine)
			pv[i] = (struct ml_pv){__ml_t.argsite[i], __ml_t.argprov[i]};
		metas[i] = e.meta[i];
		e.nargs = i + 1;
	}
	va_end(ap);
	ml_rules_event(rs, &e, pv, ML_ACC_CALL, ml_caller_site(), (uptr)__builtin_frame_address(0));
	ml_rt_leave();
}

void __ml_rules_ret(int func, const meta_t *metas, int ownret, unsigned n, unsigned nret, ...)
{
	const struct ml_ruleset *rs = ml_ruleset();
	if (!rs || func < 0 || (unsigned)func >= rs->nfuncs || !ml_ready())
		return;
	ml_rt_enter();
	struct ml_tev e = {.func = func, .kind = ML_TEV_RET};
	struct ml_pv pv[ML_TEV_ARGS + 1] = {0};
	va_list ap;
	va_start(ap, nret);
	for (unsigned i = 0; i < n; i++) {
		uptr w;
		meta_t m;
		ml_tev_word(&ap, i < ML_TEV_ARGS ? &metas[i] : 0, &w, &m);
		if (i < ML_TEV_ARGS) {
			e.arg[i] = w;
			e.meta[i] = m;
			e.nargs = i + 1;
		}
	}
	if (nret) {
		ml_tev_word(&ap, ownret ? &__ml_t.ret : 0, &e.ret, &e.retmeta);
		e.has_ret = 1;
		if (ownret)
			pv[ML_TEV_ARGS] = (struct ml_pv){__ml_t.retsite, __ml_t.retprov};
	}
	va_end(ap);
	ml_rules_event(rs, &e, pv, ML_ACC_RET, ml_caller_site(), (uptr)__builtin_frame_address(0));
	ml_rt_leave();
}

/* ret main: the program's end (its return from main, or exit), before the
 * leak check (atexit runs this first: it is registered later). */
static void ml_rules_exit(void)
{
	const struct ml_ruleset *rs = ml_ruleset();
	if (!rs || !ml_ready())
		return;
	ml_rt_enter();
	struct ml_tev e = {.func = ML_RULES_STATE->main_func - 1, .kind = ML_TEV_RET};
	/* the statement ending the program: the call of exit, or main's
	 * return (main's frame, popped, says where it left) */
	const site_t *end = __ml_t.depth ? ml_caller_site() : __ml_t.frames[0];
	/* (exit's frames, above this one, hold the registers of the code that
	 * called it) */
	ml_rules_event(rs, &e, 0, ML_ACC_EXIT, end, (uptr)__builtin_frame_address(0));
	ml_rt_leave();
}

/* Once the runtime is up (its options read at preinit): frees logged if a
 * rule ranges over F, the program's end watched if a rule says ret main. */
__attribute__((constructor)) static void ml_rules_start(void)
{
	const struct ml_ruleset *rs = ml_ruleset();
	if (!rs) {
		if (&__ml_rules)
			ml_printf("memlens: the program's rules were compiled for another memlens (rules ABI %u, not %u): "
			          "they are ignored\n", __ml_rules.abi, ML_RULES_ABI);
		return;
	}
	unsigned frees = rs->freed_words >= 0 ? ML_RULES_LOG_FREES : 0;
	if (rs->writes)
		frees |= ML_RULES_WRITES;
	for (unsigned i = 0; i < rs->ndetectors; i++) {
		if (rs->detectors[i].points & ML_AT(ML_FREE))
			frees |= ML_RULES_FREE_POINT;
		if (rs->detectors[i].points & (ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W)))
			frees |= ML_RULES_DEREF_POINT;
	}
	ML_STORE(&ML_RULES_STATE->log_frees, frees);
	ml_def_kept_update();
	for (unsigned f = 0; f < rs->nfuncs && f < ML_RULES_FUNCS; f++) {
		if (strcmp(rs->funcs[f].name, "main") == 0) {
			ML_RULES_STATE->main_func = (int)f + 1;
			atexit(ml_rules_exit);
		}
	}
}

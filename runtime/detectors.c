/* detectors.c: detection points and the detector registry (paper 000 §2.1).
 *
 * A detector is a rule's first two components: the detection point where it
 * is evaluated and its bug condition, a predicate over the event (the redex:
 * pointer r, its meta, the access) and the state the runtime keeps (records,
 * cold info, free history: the paper's H, F, P and trace σ). The detectors
 * are generated from rules (internal/rules): the built-in ones from
 * default.rules (rules_builtin.c), then a program's own (rules.c). The slow
 * paths (__ml_report_access, free/realloc validation, interceptor range
 * checks) build an event and call ml_detect, which runs the detectors
 * registered at that point in rule order; the first whose condition holds
 * produces the report, showing the value propagation chains its rule
 * locates. Rule order is therefore precedence (NULL before DANGLING before
 * OVERFLOW; DOUBLE-FREE before UNMATCHED-FREE).
 */
#include "rules.h"

/* The block ev's pointer was derived from (resolved once per event). */
const struct ml_binfo *ml_event_block(struct ml_event *ev)
{
	if (!ev->resolved) {
		ev->resolved = 1;
		if (!ml_block_info(ev->m, &ev->blk) && ev->point == ML_FREE &&
		    ev->p >= ML_NULL_LIMIT) {
			/* free() of a pointer whose meta says nothing: the
			 * address may be a block freed long ago. */
			ml_block_by_base(ev->p, &ev->blk);
		}
	}
	return &ev->blk;
}

/* Report ev: detector d's condition held, fired says what to locate. */
static void ml_fire(const struct ml_detector *d, struct ml_event *ev, const struct ml_fired *fired)
{
	struct ml_event rep = *ev;
	rep.fired = fired;
	if (d->kind > ML_NKINDS) { /* a rule of the program's */
		const struct ml_ruleset *rs = ml_ruleset();
		const char *desc = rs->descs[d->kind - ML_USER_KIND(0)];
		if (!rep.note && desc[0])
			rep.note = desc;
		/* a point with no pointer of its own (call, ret) reports on the
		 * first pointer or block its rule locates; the program's end, at
		 * that block's allocation (else at the statement ending it) */
		for (unsigned i = 0; i < fired->nloc && ev->point >= ML_CALL && ev->point <= ML_RET; i++) {
			if (fired->loc[i].how == ML_LOC_BLOCK || fired->loc[i].how == ML_LOC_PTR) {
				rep.p = fired->loc[i].p;
				rep.m = fired->loc[i].m;
				rep.resolved = 0;
				const struct ml_binfo *b = ml_event_block(&rep);
				const site_t *at[1];
				if ((!rep.site || ev->access == ML_ACC_EXIT) && b->known && ml_stack_get(b->alloc_stack, at, 1))
					rep.site = at[0];
				break;
			}
		}
	}
	ml_report((enum ml_kind)d->kind, &rep);
	ml_refuse_own(&rep);
}

/* Run detector d on ev; report if it fires. */
static int ml_try(const struct ml_detector *d, struct ml_event *ev)
{
	struct ml_fired fired;
	fired.nloc = 0;
	if (!d->cond(ev, &fired))
		return 0;
	/* A NULL access faults into the program's own SIGSEGV handler, which
	 * may expect it (a probe, a test of its fault handling): as natively,
	 * the handler has it, not a report. */
	if (d->kind == ML_NULL_POINTER_DEREF && ml_segv_is_programs())
		return 1;
	ml_fire(d, ev, &fired);
	return 1;
}

/* The live block a pointer was moved to when its own block was realloc'd
 * away, or m. Code that keeps pointers into a buffer it grows may move them
 * by the distance between the new buffer and the old (libxml2's
 * xmlParseStartTag2 adds new base - old base), where the pointer's meta
 * still names the old block. Such a pointer addresses, at its old offset,
 * the block the same realloc made: that block is its referent now, as an
 * address-based checker sees it. A freed pointer moved anywhere else stays
 * dangling. */
static meta_t ml_rebased(uptr p, meta_t m)
{
	struct ml_binfo old, to;
	if (!ml_block_info(m, &old) || !old.known || !old.freed || !old.by_realloc)
		return m;
	long s = ml_heap_block_at(p);
	if (s < 0)
		return m;
	meta_t live = ml_mkmeta((unsigned)s, ML_LOAD(&__ML_RECS[s].gen));
	if (!ml_block_info(live, &to) || !to.known || to.alloc_stack != old.free_stack || p - to.base >= old.size)
		return m;
	return live;
}

int ml_detect(struct ml_event *ev)
{
	unsigned at = ML_AT(ev->point);
	const site_t *outer = ml_tls.detecting;
	int found = -1;
	ml_tls.detecting = ev->site;
	if (ev->point == ML_DEREF_R || ev->point == ML_DEREF_W) {
		meta_t to = ml_rebased(ev->p, ev->m);
		if (to != ev->m) {
			ev->m = to;
			ev->resolved = 0;
		}
	}
	for (unsigned i = 0; i < ml_builtin_ndetectors; i++) {
		const struct ml_detector *d = &ml_builtin_detectors[i];
		if ((d->points & at) && ml_kind_enabled[d->kind] && ml_try(d, ev)) {
			found = (int)d->kind;
			break;
		}
	}
	int own = ml_rules_detect(ev, ml_fire);
	if (found < 0)
		found = own;
	ml_tls.detecting = outer;
	return found;
}

int ml_detect_rules(struct ml_event *ev)
{
	const site_t *outer = ml_tls.detecting;
	ml_tls.detecting = ev->site;
	int found = ml_rules_detect(ev, ml_fire);
	ml_tls.detecting = outer;
	return found;
}

/* ---- access slow paths ---- */

void __ml_report_access(const void *p, __ml_meta_t m, __ml_uptr nw,
                        const struct __ml_site *site,
                        const struct __ml_site *ps, __ml_prov_t pw)
{
	struct ml_pv pv = {ps, pw};
	ml_access_slow_pv(p, m, nw & ~__ML_WRITE, (nw & __ML_WRITE) != 0, 0, site, &pv);
}

void ml_access_slow(const void *p, meta_t m, uptr n, int write, const char *fn,
                    const site_t *site)
{
	ml_access_slow_pv(p, m, n, write, fn, site, 0);
}

/* The event of an access of n bytes at p through meta m. */
static void ml_access_event(struct ml_event *ev, const void *p, meta_t m, uptr n, int write, const char *fn,
                            const site_t *site, const struct ml_pv *pv)
{
	ev->point = write ? ML_DEREF_W : ML_DEREF_R;
	ev->access = write ? ML_ACC_WRITE : ML_ACC_READ;
	ev->p = (uptr)p;
	ev->m = m;
	ev->n = n;
	ev->site = site;
	ev->fn = fn;
	if (pv) {
		ev->pv = *pv;
		ev->has_pv = 1;
	} else if (fn) { /* an interceptor's argument */
		ev->has_pv = ml_arg_pv(m, &ev->pv);
	}
}

void ml_access_slow_pv(const void *p, meta_t m, uptr n, int write, const char *fn,
                       const site_t *site, const struct ml_pv *pv)
{
	struct ml_event ev = {0};
	ml_access_event(&ev, p, m, n, write, fn, site, pv);
	/* a pointer never assigned is an undefined value, which the access
	 * uses (Valgrind's "use of uninitialised value of size 8") */
	if (__ML_IS_UNINIT(m) && ml_uninit_pointer_used(m, site, fn) >= 0) {
		ml_refuse_own(&ev);
		return;
	}
	ml_detect(&ev);
}

void ml_rules_access(const void *p, meta_t m, uptr n, int write, const char *fn, const site_t *site,
                     const struct ml_pv *pv)
{
	if (write) /* (the writes the rules ask about, in detection mode) */
		ml_def_clear(p, n);
	if (!ml_ready() || !(ML_LOAD(&ml_rules_logging) & ML_RULES_DEREF_POINT))
		return;
	struct ml_event ev = {0};
	/* a pointer of unknown provenance: the block at its address */
	ml_access_event(&ev, p, m == __ML_WILD ? __ml_meta_of(p) : m, n, write, fn, site, pv);
	ml_detect_rules(&ev);
}

void __ml_chk_every(__ml_uptr a, __ml_meta_t m, __ml_uptr nw, const struct __ml_site *site,
                    const struct __ml_site *ps, __ml_prov_t pw)
{
	uptr n = nw & ~(__ML_WRITE | __ML_WRITABLE);
	int write = (nw & __ML_WRITE) != 0;
	/* memlens.h's inline test, as __ml_chk makes it */
	if (!ml_access_ok((const void *)a, m, n, write && !(nw & __ML_WRITABLE)) && m != __ML_WILD) {
		__ml_report_access((const void *)a, m, nw & ~__ML_WRITABLE, site, ps, pw);
		return;
	}
	struct ml_pv pv = {ps, pw};
	ml_rules_access((const void *)a, m, n, write, 0, site, &pv);
}

void __ml_report_index(const struct __ml_array *arr, __ml_uptr index, __ml_uptr base,
                       const struct __ml_site *site, int write)
{
	struct ml_event ev = {0};
	ev.point = ML_INDEX;
	ev.access = write ? ML_ACC_WRITE : ML_ACC_READ;
	ev.p = base ? base + index * arr->elem : 0;
	ev.m = __ML_WILD;
	ev.n = arr->elem;
	ev.site = site;
	ev.arr = arr;
	ev.index = index;
	ml_detect(&ev);
}

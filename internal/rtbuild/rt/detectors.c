/* detectors.c: detection points and the detector registry (paper 000 §2.1).
 *
 * A detector is a rule's first two components: the detection point where it
 * is evaluated and its bug condition, a predicate over the event (the redex:
 * pointer r, its meta, the access) and the state the runtime keeps (records,
 * cold info, free history: the paper's H, F, P and trace σ). The slow paths
 * (__ml_report_access, free/realloc validation, interceptor range checks)
 * build an event and call ml_detect, which runs the detectors registered at
 * that point in table order; the first whose condition holds produces the
 * report. Table order therefore encodes precedence (NULL before DANGLING
 * before OVERFLOW; DOUBLE-FREE before UNMATCHED-FREE).
 *
 * Conditions use the paper's auxiliary predicates (Fig. 2, bottom):
 *   Allocated(r)  the meta names a heap block that malloc created;
 *   Freed(r, r1)  that block has been freed (its generation moved on);
 *   Begin(r), End(r)  the block's bounds.
 */
#include "internal.h"

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

static int ml_allocated(struct ml_event *ev)
{
	return ml_event_block(ev)->kind == __ML_KIND_HEAP;
}

static int ml_freed(struct ml_event *ev)
{
	return ml_allocated(ev) && ml_event_block(ev)->freed;
}

/* [p, p+n) inside [Begin(r), End(r))? */
static int ml_inside(struct ml_event *ev)
{
	const struct ml_binfo *b = ml_event_block(ev);
	uptr off = ev->p - b->base;
	return ev->p >= b->base && off <= b->size && ev->n <= b->size - off;
}

/* ---- bug conditions ---- */

/* [NULL-POINTER-DEREF] deref r: r = NULL (or NULL plus a small offset: a
 * field of a struct reached through NULL). */
static int ml_c_null_deref(struct ml_event *ev)
{
	return ev->p < ML_NULL_LIMIT;
}

/* [INVALID-DEREF] deref r: r belongs to no object — a pointer local read
 * before any assignment (whatever its garbage value, NULL included; with
 * definedness tracked, such an access is a use of an undefined value
 * instead, see ml_access_slow_pv), or an address where nothing can be
 * (below the lowest mapping, outside the program's address space). */
static int ml_c_invalid(struct ml_event *ev)
{
	return __ML_IS_UNINIT(ev->m) || ev->m == __ML_INVALID;
}

/* [DANGLING-POINTER-DEREF] deref r: Allocated(r) ∧ Freed(r, r1). */
static int ml_c_dangling(struct ml_event *ev)
{
	return ml_freed(ev);
}

/* [HEAP-BUFFER-OVERFLOW] deref r: Allocated(r) ∧ ¬Freed(r, _) ∧
 * (r < Begin(r) ∨ r + n > End(r)). Pointer-based: r's own block decides,
 * even when the address lands inside another live block. */
static int ml_c_overflow(struct ml_event *ev)
{
	return ml_allocated(ev) && !ml_freed(ev) && ml_event_block(ev)->known && !ml_inside(ev);
}

/* [GLOBAL-BUFFER-OVERFLOW] deref r: r's object is a global variable ∧
 * (r < Begin(r) ∨ r + n > End(r)). */
static int ml_c_global_overflow(struct ml_event *ev)
{
	const struct ml_binfo *b = ml_event_block(ev);
	return b->known && b->kind == __ML_KIND_GLOBAL && !ml_inside(ev);
}

/* [STACK-BUFFER-OVERFLOW] deref r: r's object is a live local ∧
 * (r < Begin(r) ∨ r + n > End(r)). */
static int ml_c_stack_overflow(struct ml_event *ev)
{
	const struct ml_binfo *b = ml_event_block(ev);
	return b->known && b->kind == __ML_KIND_STACK && !b->freed && !ml_inside(ev);
}

/* [USE-AFTER-RETURN] deref r: r's object is a local retired when its
 * function returned. [USE-AFTER-SCOPE]: one retired when its block ended
 * (or a longjmp left it). */
static int ml_c_after_return(struct ml_event *ev)
{
	const struct ml_binfo *b = ml_event_block(ev);
	return b->kind == __ML_KIND_STACK && b->freed && b->returned;
}

static int ml_c_after_scope(struct ml_event *ev)
{
	const struct ml_binfo *b = ml_event_block(ev);
	return b->kind == __ML_KIND_STACK && b->freed && !b->returned;
}

/* [READ-ONLY-WRITE] write r: r's object is live and read-only (a string
 * literal, a const variable) ∧ Begin(r) <= r ∧ r + n <= End(r) (outside
 * it, the overflow is the bug). */
static int ml_c_read_only(struct ml_event *ev)
{
	const struct ml_binfo *b = ml_event_block(ev);
	return b->known && b->readonly && ml_inside(ev);
}

/* [DOUBLE-FREE] free r: Allocated(r) ∧ Freed(r, r1). */
static int ml_c_double_free(struct ml_event *ev)
{
	return ml_freed(ev);
}

/* [UNMATCHED-FREE] free r: ¬Allocated(r) ∨ r ≠ Begin(r). */
static int ml_c_unmatched_free(struct ml_event *ev)
{
	const struct ml_binfo *b = ml_event_block(ev);
	return !ml_allocated(ev) || (b->known && ev->p != b->base);
}

/* [STACK-BUFFER-OVERFLOW], [GLOBAL-BUFFER-OVERFLOW], [INTRA-OBJECT-OVERFLOW]
 * index a[i] of a named array: i >= Len(a), by the kind of array. */
static int ml_c_stack_index(struct ml_event *ev)
{
	return ev->arr->kind == __ML_ARRAY_STACK;
}

static int ml_c_global_index(struct ml_event *ev)
{
	return ev->arr->kind == __ML_ARRAY_GLOBAL;
}

static int ml_c_member_index(struct ml_event *ev)
{
	return ev->arr->kind == __ML_ARRAY_MEMBER;
}

/* [UNINITIALIZED-READ] use v: some byte of v was never written (the
 * runtime's definedness shadow, or a local's companion, said so). */
static int ml_c_uninit(struct ml_event *ev)
{
	(void)ev;
	return 1;
}

/* [DEFINITE-LEAK], [POSSIBLE-LEAK] at exit: the leak check (leaks.c)
 * found the record's blocks lost. */
static int ml_c_leak(struct ml_event *ev)
{
	return ev->leak != 0;
}

/* ---- the registry ---- */

#define ML_AT(p) (1u << (p))

static const struct ml_detector {
	enum ml_kind kind;
	unsigned points;          /* ML_AT(detection point) mask */
	int (*cond)(struct ml_event *);
} ml_detectors[] = {
	{ML_INVALID_DEREF, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), ml_c_invalid},
	{ML_NULL_POINTER_DEREF, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), ml_c_null_deref},
	{ML_DANGLING_POINTER_DEREF, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), ml_c_dangling},
	{ML_USE_AFTER_RETURN, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), ml_c_after_return},
	{ML_USE_AFTER_SCOPE, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), ml_c_after_scope},
	{ML_HEAP_BUFFER_OVERFLOW, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), ml_c_overflow},
	{ML_STACK_BUFFER_OVERFLOW, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), ml_c_stack_overflow},
	{ML_GLOBAL_BUFFER_OVERFLOW, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), ml_c_global_overflow},
	{ML_READ_ONLY_WRITE, ML_AT(ML_DEREF_W), ml_c_read_only},
	{ML_DOUBLE_FREE, ML_AT(ML_FREE), ml_c_double_free},
	{ML_UNMATCHED_FREE, ML_AT(ML_FREE), ml_c_unmatched_free},
	{ML_STACK_BUFFER_OVERFLOW, ML_AT(ML_INDEX), ml_c_stack_index},
	{ML_GLOBAL_BUFFER_OVERFLOW, ML_AT(ML_INDEX), ml_c_global_index},
	{ML_INTRA_OBJECT_OVERFLOW, ML_AT(ML_INDEX), ml_c_member_index},
	{ML_UNINITIALIZED_READ, ML_AT(ML_USE), ml_c_uninit},
	{ML_MEMORY_LEAK, ML_AT(ML_LEAK), ml_c_leak},
};

int ml_detect(struct ml_event *ev)
{
	unsigned at = ML_AT(ev->point);
	const site_t *outer = ml_tls.detecting;
	int found = -1;
	ml_tls.detecting = ev->site;
	for (unsigned i = 0; i < sizeof ml_detectors / sizeof ml_detectors[0]; i++) {
		const struct ml_detector *d = &ml_detectors[i];
		if (!(d->points & at) || !ml_kind_enabled[d->kind])
			continue;
		if (d->cond(ev)) {
			ml_report(d->kind, ev);
			ml_refuse_own(ev);
			found = (int)d->kind;
			break;
		}
	}
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

void ml_access_slow_pv(const void *p, meta_t m, uptr n, int write, const char *fn,
                       const site_t *site, const struct ml_pv *pv)
{
	struct ml_event ev = {0};
	ev.point = write ? ML_DEREF_W : ML_DEREF_R;
	ev.access = write ? ML_ACC_WRITE : ML_ACC_READ;
	ev.p = (uptr)p;
	ev.m = m;
	ev.n = n;
	ev.site = site;
	ev.fn = fn;
	if (pv) {
		ev.pv = *pv;
		ev.has_pv = 1;
	} else if (fn) { /* an interceptor's argument */
		ev.has_pv = ml_arg_pv(m, &ev.pv);
	}
	/* a pointer never assigned is an undefined value, which the access
	 * uses (Valgrind's "use of uninitialised value of size 8") */
	if (__ML_IS_UNINIT(m) && ml_uninit_pointer_used(m, site, fn) >= 0) {
		ml_refuse_own(&ev);
		return;
	}
	ml_detect(&ev);
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

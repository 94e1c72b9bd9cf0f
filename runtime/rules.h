/* rules.h: what detectors generated from rules (internal/rules, docs/RULES.md)
 * evaluate: the rule language's predicates over the runtime's state, paper
 * 000's abstract machine (H, F, P, σ).
 *
 * Conditions are three-valued (ML_F, ML_T, ML_U): a term memlens cannot
 * know (the bounds of a block whose record is gone, a word past a block's
 * end) makes what holds it unknown, and a rule fires only when its
 * condition is ML_T. The generated code computes the definedness of each
 * term beside its value and calls these helpers only where it holds.
 */
#ifndef MEMLENS_RULES_H
#define MEMLENS_RULES_H

#include "internal.h"

#define ML_F 0
#define ML_T 1
#define ML_U 2

static inline int ml_not3(int a) { return a == ML_U ? ML_U : !a; }
/* a && b, a already known not to be false */
static inline int ml_and3(int a, int b) { return b == ML_F ? ML_F : (a == ML_U || b == ML_U) ? ML_U : ML_T; }
/* a || b, a already known not to be true */
static inline int ml_or3(int a, int b) { return b == ML_T ? ML_T : (a == ML_U || b == ML_U) ? ML_U : ML_F; }
static inline int ml_eq3(int a, int b) { return (a == ML_U || b == ML_U) ? ML_U : a == b; }

/* A pointer or block a rule is about: its value (a block's: its base) and
 * meta, the block resolved once, and where the pointer came from. */
struct ml_rref {
	uptr p;
	meta_t m;
	struct ml_event *ev;      /* the redex's pointer: ev's block (free's fallback by address) */
	int resolved;
	struct ml_binfo blk;
	struct ml_pv pv;          /* its provenance, for VPC */
	int has_pv;
	int freer;                /* Freed's r1: the pointer that freed blk (explain.c keeps its chain) */
	const uint64_t *words;    /* a block of F: its words when it was freed */
	int nwords;
};

static inline void ml_rref_init(struct ml_rref *x, uptr p, meta_t m)
{
	x->p = p;
	x->m = m;
	x->ev = 0;
	x->resolved = 0;
	x->has_pv = 0;
	x->freer = 0;
	x->words = 0;
	x->nwords = 0;
}

/* r of a deref, free or leak point: the event's pointer. */
static inline void ml_rref_event(struct ml_rref *x, struct ml_event *ev)
{
	ml_rref_init(x, ev->p, ev->m);
	x->ev = ev;
	if (ev->has_pv) {
		x->pv = ev->pv;
		x->has_pv = 1;
	}
}

const struct ml_binfo *ml_rref_block(struct ml_rref *x);

/* ---- the predicates (docs/RULES.md) ---- */

/* Does x name a block at all (a record, live or dead)? Bid(x) is defined. */
static inline int ml_r_has_block(struct ml_rref *x) { return ml_rref_block(x)->kind != __ML_KIND_NONE; }
/* Begin, End, Size, Time, Idx are defined: the block's details are known. */
static inline int ml_r_known(struct ml_rref *x) { return ml_rref_block(x)->known; }

/* Allocated(r): ∃ (_, malloc, _, bid) ∈ σ: bid = Bid(r): a heap block. */
static inline int ml_r_allocated(struct ml_rref *x) { return ml_rref_block(x)->kind == __ML_KIND_HEAP; }
/* Freed(r, r1): ∃ (_, free, r1, bid) ∈ σ: bid = Bid(r). r1 (if out is
 * not NULL) is the pointer that freed it: the block's base. */
int ml_r_freed(struct ml_rref *x, struct ml_rref *out);
static inline uptr ml_r_begin(struct ml_rref *x) { return ml_rref_block(x)->base; }
static inline uptr ml_r_end(struct ml_rref *x) { return ml_rref_block(x)->base + ml_rref_block(x)->size; }
static inline uint64_t ml_r_size(struct ml_rref *x) { return ml_rref_block(x)->size; }
static inline uint64_t ml_r_time(struct ml_rref *x) { return ml_rref_block(x)->id; }
/* Bid(r): r's block, into out. */
void ml_r_bid(struct ml_rref *x, struct ml_rref *out);
/* Invalid(r): r belongs to no object (a pointer never assigned, or an
 * address no object can have). */
static inline int ml_r_invalid(struct ml_rref *x) { return __ML_IS_UNINIT(x->m) || x->m == __ML_INVALID; }
static inline int ml_r_local(struct ml_rref *x) { return ml_rref_block(x)->kind == __ML_KIND_STACK; }
static inline int ml_r_global(struct ml_rref *x) { return ml_rref_block(x)->kind == __ML_KIND_GLOBAL; }
/* Popped(r): a local whose block ended ((bid, s) ∈ F); Returned(r): by
 * its function's return. */
static inline int ml_r_popped(struct ml_rref *x) { return ml_r_local(x) && ml_rref_block(x)->freed; }
static inline int ml_r_returned(struct ml_rref *x) { return ml_r_popped(x) && ml_rref_block(x)->returned; }
static inline int ml_r_readonly(struct ml_rref *x) { return ml_rref_block(x)->readonly; }

/* Arrays of index points. */
static inline int ml_a_local(const struct __ml_array *a) { return a->kind == __ML_ARRAY_STACK; }
static inline int ml_a_global(const struct __ml_array *a) { return a->kind == __ML_ARRAY_GLOBAL; }
static inline int ml_a_member(const struct __ml_array *a) { return a->kind == __ML_ARRAY_MEMBER; }

/* What a detector that fired asks its report to show (the locate part). */
#define ML_LOC_MAX 4
enum ml_loc_how {
	ML_LOC_PTR,   /* the value propagation chain of a pointer */
	ML_LOC_FREER, /* that of the pointer that freed a block */
	ML_LOC_UNDEF, /* that of an undefined value used (use points) */
	ML_LOC_BLOCK, /* a block: the report of a point with no pointer of its own describes it */
};
struct ml_loc {
	enum ml_loc_how how;
	meta_t m;
	uptr p;              /* the pointer's value; a block's base */
	struct ml_pv pv;
	int has_pv;
	int redex;           /* the detection point's own pointer */
	const char *title;   /* another pointer: its chain's title */
};
struct ml_fired {
	struct ml_loc loc[ML_LOC_MAX];
	unsigned nloc;
};

/* VPC(x): add x's chain to what the report shows. */
void ml_locate_ref(struct ml_fired *f, struct ml_rref *x, const char *title);
void ml_locate_block(struct ml_fired *f, struct ml_rref *x);
void ml_locate_undef(struct ml_fired *f);

/* A detector: a rule's clause at its detection points. */
struct ml_detector {
	unsigned kind;            /* enum ml_kind; a program's rules: ML_NKINDS + its index */
	unsigned points;          /* ML_AT(detection point) mask */
	int func;                 /* call, ret: the function watched (its index in the rule set), else -1 */
	int (*cond)(struct ml_event *, struct ml_fired *);
};
#define ML_AT(p) (1u << (p))

/* The built-in detectors, generated from default.rules (rules_builtin.c),
 * in rule order. */
extern const struct ml_detector ml_builtin_detectors[];
extern const unsigned ml_builtin_ndetectors;

/* ---- a program's own rules (memlens cc --memlens-rules) ---- */

/* An event of a function the rules watch (paper 000's call, z, v and
 * ret, z, v): its time on the clock blocks are numbered by, its arguments
 * as words, and the metas of the pointers among them. */
#define ML_TEV_ARGS 8
enum { ML_TEV_CALL, ML_TEV_RET };
struct ml_tev {
	uint64_t time;
	int func;
	unsigned kind;
	unsigned nargs;
	uint32_t prev;            /* the function's previous event of this kind in the log, + 1 (0: none) */
	uptr arg[ML_TEV_ARGS];
	meta_t meta[ML_TEV_ARGS];
	int has_ret;              /* a return of a function that returns a value: */
	uptr ret;                 /* the value, as a word */
	meta_t retmeta;
};

/* A function the rules watch, and what of its events the runtime keeps for
 * FindLast: the last call (return), or every one (a pattern must match). */
#define ML_TRACE_CALL     1u
#define ML_TRACE_CALL_ALL 2u
#define ML_TRACE_RET      4u
#define ML_TRACE_RET_ALL  8u
struct ml_rule_func {
	const char *name;
	unsigned trace;
};

/* A program's rule set, generated by memlens cc --memlens-rules into an
 * object of its own that defines __ml_rules; the runtime reads it through a
 * weak reference (absent: no rules of the program's). */
#define ML_RULES_MAX 64   /* kinds */
#define ML_RULES_FUNCS 64 /* functions watched */
struct ml_ruleset {
	const struct ml_detector *detectors;
	unsigned ndetectors;
	const char *const *kinds;   /* the rules' names: kinds ML_NKINDS + 1 + i */
	const char *const *descs;
	unsigned nkinds;
	const struct ml_rule_func *funcs;
	unsigned nfuncs;
	int freed_words;            /* words of each freed block kept for Word (-1: frees not events) */
	int log_freed;              /* a quantifier needs F's blocks: the newest ML_FREED_LOG are logged */
	int (*const *summaries)(struct ml_rref *); /* the other quantifiers over F: their bodies */
	unsigned nsummaries;
	int writes;                 /* FindLast asks of writes: detection mode keeps them for the heap */
	unsigned abi;               /* ML_RULES_ABI: what rules.h said when it was compiled */
};
#define ML_RULES_ABI 2
extern const struct ml_ruleset __ml_rules __attribute__((weak));
/* The program's rule set, or NULL. */
const struct ml_ruleset *ml_ruleset(void);
/* The kind of rule i of the program's set. */
#define ML_USER_KIND(i) (ML_NKINDS + 1 + (i))

/* The hooks the wrappers of watched functions call (rules wrap.go): F was
 * entered with n arguments, each given by its address, size and class
 * (ML_ARG_*); own: the caller passed the metas of F's pointer arguments
 * (__ml_t.arg); their metas are left in metas[0..n) (at most
 * ML_TEV_ARGS) for the return. F returned: its arguments again, with their
 * metas, then nret (0 or 1) more, the value returned; ownret: F's body
 * left the value's meta (__ml_t.ret). */
#define ML_ARG_SIGNED 1
#define ML_ARG_POINTER 2
void __ml_rules_call(int func, int own, meta_t *metas, unsigned n, ...);
void __ml_rules_ret(int func, const meta_t *metas, int ownret, unsigned n, unsigned nret, ...);

/* Argument j of a call point's function, or of a traced event; 0 (and x
 * names no block) when there is none. */
int ml_rref_arg(struct ml_rref *x, struct ml_event *ev, unsigned j);
int ml_rref_tev(struct ml_rref *x, const struct ml_tev *e, unsigned j);
/* The value a ret point's function returned, or of a traced return; 0
 * (and x names no block) for a function returning void. */
int ml_rref_ret(struct ml_rref *x, struct ml_event *ev);
int ml_rref_tev_ret(struct ml_rref *x, const struct ml_tev *e);
/* FindLast over calls and returns: the newest event of func of that kind,
 * then the one before. */
const struct ml_tev *ml_trace_last(int func, unsigned kind);
const struct ml_tev *ml_trace_prev(const struct ml_tev *e);

/* Quantifiers: the live heap blocks of the program (H: not libc's own), the
 * freed ones (F: logged as they are freed). */
struct ml_iter {
	unsigned slot, end;
};
void ml_heap_begin(struct ml_iter *it);
int ml_heap_next(struct ml_iter *it, struct ml_rref *b);
int ml_heap_any(void);
void ml_freed_begin(struct ml_iter *it);
int ml_freed_next(struct ml_iter *it, struct ml_rref *b);
int ml_freed_any(void);
/* exists/forall (all) b in F: the body summary k of the rule set, as
 * evaluated for each block when it was freed; an exists that holds leaves
 * its first witness in b. */
#define ML_RULES_SUMMARIES 16
int ml_freed_summary(unsigned k, int all, struct ml_rref *b);
/* The blocks of F a log keeps for a quantifier that needs them: the newest
 * (a power of two). */
#define ML_FREED_LOG (1u << 16)
/* The program's detectors at ev (detectors.c's fire reports one that holds). */
int ml_rules_detect(struct ml_event *ev,
                    void (*fire)(const struct ml_detector *, struct ml_event *, const struct ml_fired *));

static inline int ml_same_block(struct ml_rref *a, struct ml_rref *b)
{
	const struct ml_binfo *x = ml_rref_block(a), *y = ml_rref_block(b);
	return x->slot == y->slot && x->gen == y->gen && x->kind == y->kind;
}

/* Value(r): [p, p+n) lies in the live block x names; the word there. */
int ml_r_readable(struct ml_rref *x, uptr p, uptr n);
uint64_t ml_r_load(uptr p);
/* Word(b, i): the i-th 8-byte word of x's block is known (a live block
 * holds it; a freed one kept it when freed), and its value. */
int ml_r_word_ok(struct ml_rref *x, uint64_t i);
uint64_t ml_r_word(struct ml_rref *x, uint64_t i);
/* Reachable(x) (state ML_PM_REACHABLE), Pointed(x) (ML_PM_POINTED): the
 * pointer map of a call or ret event (leaks.c's scan, made once per
 * event), three-valued. PointsTo(x, y): a word of x's live block points
 * into y's block. */
int ml_r_ptrmap(struct ml_event *ev, struct ml_rref *x, int state);
int ml_r_points_to(struct ml_rref *x, struct ml_rref *y);
/* FindLast(_, write, r, _): the byte at p (x's block) was written, by
 * full checking's definedness, or in detection mode the writes kept for
 * the rules (heap blocks only); three-valued. */
int ml_r_written(struct ml_rref *x, uptr p);

#endif

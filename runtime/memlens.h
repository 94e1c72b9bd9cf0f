/* memlens.h: the ABI between instrumented code and the memlens runtime.
 *
 * Every instrumented translation unit includes this header first. It holds
 * the hot path (static inline, so the C compiler inlines it) and declares the
 * runtime entry points. It includes no system header and uses only builtin
 * types, so it mixes with any preprocessed C under any -std and -pedantic.
 *
 * Model (paper 000, section 3.2): every object is a *record* (block id,
 * bounds, generation); every pointer value carries *metadata* naming the
 * record it was derived from, so checks are pointer-based: an access through
 * p is checked against p's own block, never against whatever happens to be at
 * the address. Metadata is one word: low 32 bits record index, high 32 bits
 * the record's generation when the pointer was made. free() bumps the
 * generation, so a dangling pointer is recognised forever, even after the
 * memory (and the record slot) is reused.
 *
 * Where metadata lives:
 *   - scalar pointer locals whose address is never taken: a companion local;
 *   - pointers stored in memory: one shadow word per 8-byte slot, the meta
 *     with a 16-bit hash of the pointer value as instrumented code stored
 *     it, XORed with a tag: the meta of the pointer the slot was reached
 *     through (its container's). A load takes the meta only if the hash
 *     matches and the value lies inside the block the meta names (or that
 *     block is dead, so a dangling pointer stays one forever); otherwise the
 *     slot was written by code we do not see (libc, uninstrumented objects)
 *     or in an earlier life of the container's memory, and the meta is
 *     recomputed from the address (__ml_meta_of). A value outside its
 *     block when stored is stored with the hash inverted (__ML_HASH_OOB),
 *     which the load's slow path (__ml_ld_slow) takes as the store's word
 *     that the value left its block: the meta travels with it;
 *   - call arguments and return values: the per-thread struct __ml_thread,
 *     tagged with the callee, so a call from uninstrumented code (qsort's
 *     comparator, a thread start routine) never sees stale metadata.
 *
 * Beside its meta, every pointer value carries its provenance (explain.c,
 * paper 000's value propagation): where it came from, so that a report can
 * show the statements that carried the faulting pointer from where it was
 * made to where it hurt. See "value propagation" below.
 *
 * Bump __ML_ABI (and the symbol below) whenever this contract changes: an
 * object built against another ABI then fails to link.
 */
#ifndef MEMLENS_H
#define MEMLENS_H

#define __ML_ABI 63

typedef unsigned long __ml_meta_t;
typedef __UINTPTR_TYPE__ __ml_uptr;

/* One record per object. The table is mapped at a fixed address so the
 * checks compile to a few instructions without loading a table pointer. */
struct __ml_rec {
	__ml_uptr base;     /* first byte */
	__ml_uptr end;      /* one past the last byte */
	unsigned slot;      /* the record's own index, so that slot and gen read as one word are */
	unsigned gen;       /* the meta of its object while it lives: a check compares them at once */
	                    /* (slot: the next freed slot's while it waits to be recycled, records.c) */
	                    /* (gen: bumped mod 2^16, skipping __ML_GEN_READONLY, when the object dies) */
	unsigned long idkind; /* the block id shown to users (never reused) << 8 | __ML_KIND_* */
};
#define __ML_REC_KIND(r) ((unsigned)(r)->idkind & 0xffu)

#define __ML_KIND_NONE   0u
#define __ML_KIND_HEAP   1u
#define __ML_KIND_WILD   2u  /* unknown provenance: only NULL is checked */
#define __ML_KIND_GLOBAL 3u  /* a global variable of an instrumented unit */
#define __ML_KIND_STACK  4u  /* a local variable (or parameter) of an instrumented function */
#define __ML_KIND_INVALID 5u /* no object: every access through it is an error */
#define __ML_KIND_UNINIT 6u  /* no object: a pointer never assigned (an uninit record) */

/* One bit (46: 0x400000000000) above the slots' 37: a record's address is
 * its slot shifted, that bit set, with no 64-bit constant to load
 * (__ml_rec_of; the asm statements' btsq). */
#define __ML_RECS_SHIFT  46
#define __ML_RECS        ((struct __ml_rec *)(1UL << __ML_RECS_SHIFT))
#define __ML_STR_(x)     #x
#define __ML_STR(x)      __ML_STR_(x)
#define __ML_RECS_BIT    __ML_STR(__ML_RECS_SHIFT)
#define __ML_MAX_RECS    (1UL << 32)
#define __ML_NULL        0UL /* meta of NULL; its record is empty */
#define __ML_WILD        1UL /* meta of a pointer we know nothing about */
#define __ML_INVALID     2UL /* meta of an address no object can have */
/* Metas of pointers never assigned: the uninit records, slots
 * [__ML_UNINIT, __ML_FIRST_SLOT), with empty bounds, each naming where the
 * undefined value came from (full checking: a declaration, the origin of
 * a slot never written; uninit.c); __ML_UNINIT itself names nothing. */
#define __ML_UNINIT      3UL
#define __ML_FIRST_SLOT  4096u /* records of objects start here */
/* Is m the meta of a pointer never assigned? One compare. */
#define __ML_IS_UNINIT(m) ((unsigned)(m) - (unsigned)__ML_UNINIT < __ML_FIRST_SLOT - (unsigned)__ML_UNINIT)
/* The generation of read-only objects (string literals, const globals),
 * which never die: every write check through their metas fails, so
 * writes reach the detectors (READ-ONLY-WRITE) at the cost of one compare
 * on the write path only. */
#define __ML_GEN_READONLY 0xffffu

/* Shadow of pointer slots: application memory lives in [0, 0x10000000000),
 * [0x510000000000, 0x600000000000) and [0x700000000000, 0x800000000000) on
 * x86_64 Linux; this XOR map sends it into unused ranges, 2 MiB further on.
 * The offset is for the L1 cache: a slot and its shadow word, read one
 * after the other by every pointer load, would otherwise have the same
 * address bits 0-43, so the same set and, on AMD's Zen, the same way
 * predictor tag (a hash of bits 12-27), under which two lines cannot share
 * L1: each would evict the other (vm ran 2.5x slower). 2 MiB keeps a huge
 * page's shadow one huge page; an addend, unlike more XOR bits, keeps the
 * shadow of a range one range (the asm statements add it as their
 * displacement, __ML_META_OFF_ASM). */
#define __ML_META_XOR    0x500000000000UL
#define __ML_META_OFF_HEX 0x200000
#define __ML_META_OFF    ((__ml_uptr)__ML_META_OFF_HEX)
#define __ML_META_OFF_ASM __ML_STR(__ML_META_OFF_HEX)
#define __ML_META_SHADOW(a) ((__ml_meta_t *)((((__ml_uptr)(a) & ~(__ml_uptr)7) ^ __ML_META_XOR) + __ML_META_OFF))
#define __ML_META_MASK   0xffffffffffffUL
#define __ML_HASH16(x)   (((__ml_uptr)(x) * 0x9e3779b97f4a7c15UL) >> 48)
/* XORed into the hash of a value stored outside the block its meta names
 * (a pointer past its end, before its start, or into a block that has
 * died and whose record slot another block took). */
#define __ML_HASH_OOB    0xffffUL

/* Definedness shadow: one bit per application byte, set while the byte
 * holds no value the program wrote (heap from malloc, a local declared
 * without initializer); bit (a & 7) of the byte at __ML_DEF_SHADOW(a). It
 * is the pointer shadow's image shrunk by eight, inside
 * [0x100000000000, 0x200000000000). Memory nobody poisoned (globals, libc's
 * buffers, mmap, argv) reads as defined. */
#define __ML_DEF_BASE    0x100000000000UL
/* ((a ^ __ML_META_XOR) >> 3) + __ML_DEF_BASE, with one operation: for a
 * user address (below 2^47) the image before the base lies below 2^44,
 * the base itself, so adding the base is setting its bit. */
#define __ML_DEF_SHADOW(a) (((__ml_uptr)(a) >> 3) ^ (__ML_META_XOR >> 3 | __ML_DEF_BASE))
typedef char __ml_def_base_is_2_44[__ML_DEF_BASE == 1UL << 44 && __ML_META_XOR < 1UL << 47 ? 1 : -1];
typedef unsigned short __attribute__((may_alias, aligned(1))) __ml_u16u;
typedef __ml_uptr __attribute__((may_alias, aligned(1))) __ml_uptru;

/* A source location known at compile time: checks, calls, function entries. */
struct __ml_site {
	const char *file;   /* path as the compiler was given it */
	const char *func;   /* enclosing function */
	const char *expr;   /* source text of the expression */
	const char *text;   /* the whole source line, for the caret display */
	const char *to;     /* value propagation: what received the value ("" if none) */
	unsigned line, col; /* 1-based; inside a macro: the macro's use */
	unsigned kind;      /* __ML_SITE_* */
	unsigned aux;       /* __ML_SITE_LOCAL: the line where the local's block ends */
};
#define __ML_SITE_ACCESS 0u
#define __ML_SITE_CALL   1u
#define __ML_SITE_FUNC   2u
#define __ML_SITE_GLOBAL 3u  /* a file-scope variable's declaration (expr: its name) */
#define __ML_SITE_STATIC 4u  /* a static local's declaration (expr: its name) */
#define __ML_SITE_LOCAL  5u  /* an automatic local's (or parameter's) declaration */
#define __ML_SITE_LITERAL 6u /* a string literal (expr: its text), first use in the unit */
/* A statement where a reference may be lost (loss tracking): expr is its
 * text, of which the first aux bytes name the variable or lvalue losing
 * the reference (an assignment's left-hand side, a variable leaving
 * scope); aux is 0 when none does (a discarded result). */
#define __ML_SITE_LOSS   7u
/* A pointer passed as a call's argument (value propagation): expr is the
 * call, to the parameter receiving it ("parameter p of f"). Assignments,
 * stores and returns carry pointers at their __ML_SITE_LOSS sites (to: the
 * variable or lvalue assigned; "" for a return). */
#define __ML_SITE_ARG    8u
/* A call of alloca: expr is the call; its block is a stack block. */
#define __ML_SITE_ALLOCA 9u
/* Two steps named by one site (value propagation), where the older one's
 * site is known as the newer is made: a pending pair costs no more than a
 * step, and a chain shows both. line and col: how many sites before it in
 * its unit's table the newer and the older step are (either may be such a
 * site itself). */
#define __ML_SITE_STEPS  10u
/* Flag on global and static sites: the variable is const (read-only). */
#define __ML_SITE_CONST  0x200u
/* Flag on __ML_SITE_LOSS sites of assignments of whole objects (struct
 * copies): the pointers they carry were copied with the object. */
#define __ML_SITE_COPY   0x400u
/* Flag on the sites of functions that make no calls: they push no frame
 * (so they stay small enough to inline), and a stack taken at one of their
 * sites adds it above the innermost frame instead of replacing it. */
#define __ML_SITE_NOFRAME 0x100u
/* Flag on the call sites of allocations whose result goes straight into a
 * pointer local counting references: the block is no loss to note. */
#define __ML_SITE_KEPT   0x800u

#define __ML_MAX_ARGS    16
#define __ML_MAX_FRAMES  256

/* A live local of a thread: its record's slot and the shadow-stack depth
 * of its function (with __ML_LENT_DEPTH set for a lent local, which is
 * never retired). */
struct __ml_local {
	unsigned slot, depth;
};
#define __ML_LENT_DEPTH 0x80000000u
/* A local's declaration and the site of the call into its function,
 * beside its record: its stack, interned only when a report needs it. */
struct __ml_lsite {
	const struct __ml_site *decl, *caller;
};
#define __ML_LSITES ((struct __ml_lsite *)0x660000000000UL)

/* Per-thread state. frames[d] is the current site of the function at depth d:
 * its entry site, then the site of each call it makes. */
struct __ml_thread {
	__ml_uptr callee;                 /* function the arg metas are for */
	__ml_uptr foreign[2];             /* the callee words functions found when code memlens does not see called them, newest first (__ml_own) */
	__ml_meta_t arg[__ML_MAX_ARGS];   /* metas of the arguments by position */
	const struct __ml_site *argsite[__ML_MAX_ARGS]; /* their provenance (explain.c): the step */
	__ml_uptr argprov[__ML_MAX_ARGS]; /* delivering each, and the word it came from */
	__ml_uptr retfn;                  /* function that set ret */
	__ml_meta_t ret;                  /* meta of its return value */
	const struct __ml_site *retsite;  /* its provenance: the return statement */
	__ml_uptr retprov;                /* and the word the value came from */
	__ml_uptr retobjfn;               /* function that returned a struct holding pointers */
	__ml_uptr retobj;                 /* the object it copied it from (in its dead frame) */
	__ml_meta_t retobjtag;            /* and that object's shadow tag */
	__ml_uptr retorg;                 /* full checking: the origin of an arithmetic result (0: defined), from a function its callers alone call (instrument's handsOrigin) */
	struct __ml_step *stepat, *stepend; /* value propagation: the ring slot of this thread's next step, the end of its chunk */
	__ml_uptr stepbase;               /* a slot's id word, less its address << 12 (__ml_pend) */
	__ml_uptr stepmark;               /* the high bits of its steps' heads: its thread, its chunk's lap (explain.c) */
	__ml_uptr clock;                  /* statements run (units built to count them: __ML_UNIT_COUNT; else 0) */
	__ml_uptr *side;                  /* top of the thread's side stack (__ml_side_push), 0 until made */
	unsigned depth;
	unsigned id;                      /* memlens thread number, T0 = main */
	unsigned nobj;                    /* live locals registered by this thread */
	unsigned nlent;                   /* positions of its stack of locals with a lent record */
	struct __ml_local *locals;        /* its live locals, oldest first */
	__ml_meta_t *lent;                /* the meta of each position's lent record */
	__ml_meta_t *lentframes;          /* the meta of each frame's lent records (__ml_lent_at), 0 until made */
	unsigned lost;                    /* loss tracking: references dropped to zero, unchecked */
	const struct __ml_site *xsite;    /* loss tracking: the return statement being executed */
	__ml_uptr ticks;                  /* loss tracking: references this thread has dropped */
	const struct __ml_site *frames[__ML_MAX_FRAMES];
	__ml_uptr entered[__ML_MAX_FRAMES]; /* loss tracking: ticks when frames[d]'s function was entered */
};
/* The runtime is linked into executables only, so code built for one (not
 * -fPIC) reaches __ml_t (and the runtime's other thread-locals it uses) at
 * a fixed offset from the thread pointer: no GOT load, and no register
 * holding its offset through the whole function. */
#if defined(__PIC__) && !defined(__PIE__)
#define __ML_TLS_MODEL __attribute__((tls_model("initial-exec")))
#else
#define __ML_TLS_MODEL __attribute__((tls_model("local-exec")))
#endif
/* An asm statement's call of a runtime routine that keeps every register.
 * A shared library's code (PIC, not PIE) makes it through the GOT: through
 * the PLT, the first call runs the dynamic linker's lazy binding, which
 * keeps only the argument registers (r10 and r11 are lost), while gcc keeps
 * its values anywhere around these calls. */
#if defined(__PIC__) && !defined(__PIE__)
#define __ML_ASM_CALL(fn) "call *" fn "@GOTPCREL(%%rip)\n\t"
#else
#define __ML_ASM_CALL(fn) "call " fn "@PLT\n\t"
#endif
/* A stub's call of a routine of stubs.c's ML_FAIL3 convention: past the red
 * zone, three words pushed (w2 last), the routine's result popped into out. */
#define __ML_FAIL3_CALL(fn, w0, w1, w2, out)                                  \
	"leaq -128(%%rsp), %%rsp\n\t"                                         \
	"pushq " w0 "\n\tpushq " w1 "\n\tpushq " w2 "\n\t"                  \
	__ML_ASM_CALL(fn)                                                     \
	"popq " out "\n\t"                                                    \
	"leaq 128(%%rsp), %%rsp\n\t"
extern __thread struct __ml_thread __ml_t __ML_TLS_MODEL;

/* A named array with static bounds, for the index checks of buf[i],
 * s.name[i], t[r][c]: one per declaration, in a table of the unit. */
struct __ml_array {
	const char *name;   /* the variable, or the member */
	const char *owner;  /* for a member: its struct type; else "" */
	const char *type;   /* the array's C type, e.g. "char[16]" */
	const char *file;   /* the declaration */
	unsigned line;
	unsigned kind;      /* __ML_ARRAY_* */
	__ml_uptr len;      /* elements */
	__ml_uptr elem;     /* bytes per element */
};
#define __ML_ARRAY_STACK  0u /* a local (automatic) array */
#define __ML_ARRAY_GLOBAL 1u /* a global or static array */
#define __ML_ARRAY_MEMBER 2u /* an array member of a struct */

/* ---- value propagation (explain.c) ----
 * A provenance word says where a pointer value came from:
 *   odd:             a step of the ring below: its id word (id << 16 |
 *                    thread << 1 | 1);
 *   bit 63 set, even: a step that needs no entry, packed (__ML_PROV_PACKED):
 *                    its site (bits 0..46) and the generated word (below)
 *                    its value came from (bits 47..62);
 *   even, >= 4096:   the address of the memory slot it was loaded from (the
 *                    step that stored it there is looked up in the ring when
 *                    a report needs it);
 *   even, < 4096:    how it was generated (__ML_GEN_*), 0 if not known.
 * A step is a statement that carried a pointer: an assignment to a
 * variable, a store into memory, an argument passed, a value returned, a
 * struct or memory copy. Its prev is the word of the value it carried, so
 * a chain is read back from the faulting pointer to where it was made.
 * Steps of pointer locals (and of arguments and results in flight) stay
 * pending, a (site, word) pair beside the value, until the value moves on
 * or a report needs it: a cursor or a parameter that is only dereferenced
 * never writes the ring. */
typedef __ml_uptr __ml_prov_t;
#define __ML_GEN_NONE    0u  /* nothing known */
#define __ML_GEN_NULL    2u  /* a null pointer constant */
#define __ML_GEN_ALLOC   4u  /* an allocation: malloc, calloc, realloc, strdup, ... */
#define __ML_GEN_ADDR    6u  /* the address of an object (&x, an array's name) */
#define __ML_GEN_LITERAL 8u  /* a string literal */
#define __ML_GEN_EXTERN  10u /* the result of a function memlens does not see */
#define __ML_GEN_INT     12u /* an integer turned into a pointer */
#define __ML_GEN_OPAQUE  14u /* computed where memlens does not follow (va_arg, asm) */
#define __ML_GEN_CALLER  16u /* a parameter whose caller memlens does not see */
#define __ML_GEN_UNINIT  18u /* a pointer variable declared without initializer */
#define __ML_GEN_DECLARED 20u /* uninitialized values: an object declared without initializer */
#define __ML_GEN_INITIAL 22u /* a global's initial value (no instrumented store was ever seen) */
#define __ML_GEN_MAX     4096u
#define __ML_PROV_PACKED (1UL << 63)
extern int __ml_explain;          /* the explain option */
extern int __ml_graph;            /* a memory graph trace is being written (graph=FILE) */

/* ---- runtime entry points (slow paths, in the library) ---- */
/* None of them unwinds or runs the program's code, so under full
 * checking's -fexceptions a call to one needs no landing pad for the
 * caller's cleanups (Lua's lcode.c, fully checked: 160 exception call
 * sites instead of 1,038). */
#define __ML_NOTHROW __attribute__((__nothrow__))
/* Every instrumented unit announces itself from its constructor, with
 * flags: __ML_UNIT_FULL when it was built for full checking (__ML_FULL,
 * memlens cc --memlens-full): definedness is tracked only when every unit
 * is; __ML_UNIT_COUNT when it counts statements (memlens cc
 * --memlens-count-statements): steps then note the statement clock. */
#define __ML_UNIT_FULL  1u
#define __ML_UNIT_COUNT 2u
/* A global or string literal of the unit: *meta receives its record's
 * meta (__ml_register_global). */
struct __ml_global {
	__ml_meta_t *meta;
	const void *base;
	__ml_uptr size;
	const struct __ml_site *decl;
};
/* The unit and its globals, in read-only data: the constructor's one call
 * is a tail call, so it has no frame of its own beyond its return address
 * (it made a call per global). */
struct __ml_unit_desc {
	unsigned flags, nsites;
	const char *file;
	const struct __ml_site *sites;
	const struct __ml_global *globals;
	__ml_uptr nglobals;
};
void __ml_unit(const struct __ml_unit_desc *unit) __ML_NOTHROW;
/* An access's size with this bit set is a write's: six arguments, all in
 * registers, so a check pushes nothing on the caller's stack. */
#define __ML_WRITE ((__ml_uptr)1 << 63)
/* The access of nw bytes (| __ML_WRITE) failed its check; ps, pw: the
 * provenance of the pointer. */
void __ml_report_access(const void *p, __ml_meta_t m, __ml_uptr nw,
                        const struct __ml_site *site,
                        const struct __ml_site *ps, __ml_prov_t pw)
	__attribute__((noinline, cold)) __ML_NOTHROW;
/* The access of nw bytes (| __ML_WRITE) is checked in the runtime, and
 * handed to the program's rules that detect at deref when it passes: the
 * instrumenter calls it instead of the inline checks for a program whose
 * rules must see every access (instrument.Mode.EveryAccess). */
void __ml_chk_every(__ml_uptr a, __ml_meta_t m, __ml_uptr nw, const struct __ml_site *site,
                    const struct __ml_site *ps, __ml_prov_t pw) __ML_NOTHROW;
/* An index checked against a named array's bound was out of range; base
 * is the array's address when the instrumenter knows it cheaply, else 0. */
void __ml_report_index(const struct __ml_array *arr, __ml_uptr index, __ml_uptr base,
                       const struct __ml_site *site, int write)
	__attribute__((noinline, cold)) __ML_NOTHROW;
__ml_meta_t __ml_meta_of(const void *p) __ML_NOTHROW; /* meta from an address */
/* __ml_ld's slow path: the meta of a value its store found outside its
 * block (an inverted hash), else __ml_meta_of. */
__ml_meta_t __ml_ld_slow(__ml_uptr slot, __ml_uptr v, __ml_meta_t tag) __attribute__((noinline)) __ML_NOTHROW;
/* The meta of pointer v returned by a libc function memlens does not
 * check (opendir, getaddrinfo, realpath…): a heap block libc allocated
 * and hands over becomes the program's, so losing it is a leak. */
__ml_meta_t __ml_metar(__ml_uptr v) __ML_NOTHROW;
/* The same for the pointer a libc function memlens does not check may
 * have stored at pp (an out-parameter: asprintf, getaddrinfo, scandir). */
void __ml_adopt_out(__ml_uptr pp) __ML_NOTHROW;
/* A global variable of an instrumented unit, from the unit's constructor,
 * or a string literal: its record's meta. decl is the declaration's site
 * (expr: the name, or the literal); literals and const variables
 * (__ML_SITE_CONST) are read-only. */
__ml_meta_t __ml_register_global(const void *base, __ml_uptr size, const struct __ml_site *decl) __ML_NOTHROW;
/* A local of an instrumented function (or a parameter) whose address
 * escapes, when its declaration is reached: its record's meta. It lives
 * until the innermost scope that registered it ends (__ml_scope_end).
 * (base is an integer: gcc warns of a pointer to uninitialized memory
 * passed as const void *.) */
__ml_meta_t __ml_register_local(__ml_uptr base, __ml_uptr size, const struct __ml_site *decl) __ML_NOTHROW;
/* __ml_lent's slow path: a position of the stack of locals without a lent
 * record yet, or old (the local's meta variable) set already. */
__ml_meta_t __ml_register_lent(__ml_uptr base, __ml_uptr size, const struct __ml_site *decl,
                               __ml_meta_t old) __ML_NOTHROW;
/* __ml_lent_at's slow path: the frame's record not made yet, or a depth
 * without records of its own (then as __ml_register_lent); at is the
 * record's index, d * __ML_LENT_PER_FRAME + k (five words, for the
 * trampoline keeping every register, __ML_KEEP5). */
__ml_meta_t __ml_register_lent_at(__ml_uptr base, __ml_uptr size, const struct __ml_site *decl,
                                  __ml_meta_t old, __ml_uptr at) __ML_NOTHROW;
/* alloca's block at base: a stack block until its function returns, where
 * __ml_alloca_end(d) retires those of the frames above depth d. */
__ml_meta_t __ml_register_alloca(__ml_uptr base, __ml_uptr size, const struct __ml_site *site) __ML_NOTHROW;
void __ml_alloca_end(unsigned d) __ML_NOTHROW;
/* main's frame, from main's prologue: after main returns, the leak check
 * scans the stack above it only. */
void __ml_main_frame(__ml_uptr frame) __ML_NOTHROW;
/* Retire the locals registered since this thread had h of them. */
void __ml_scope_pop(unsigned h) __ML_NOTHROW;
/* Retire those registered by functions deeper than depth d. */
void __ml_scope_pop_depth(unsigned d) __ML_NOTHROW;
/* Struct copies: move the pointer shadow of n bytes along, retagged from the
 * source container's meta stag to the destination's dtag; each pointer
 * copied is a step at site (value propagation). */
void __ml_copy_shadow(void *dst, const void *src, __ml_uptr n, __ml_meta_t dtag, __ml_meta_t stag,
                      const struct __ml_site *site) __ML_NOTHROW;
/* The same for a copy whose bytes are not in dst yet (an element of a
 * brace initializer, a local's initializer) but at vals, which dst is
 * about to hold. */
void __ml_copy_shadow_ahead(void *dst, const void *src, const void *vals, __ml_uptr n, __ml_meta_t dtag,
                            __ml_meta_t stag, const struct __ml_site *site) __ML_NOTHROW;
/* __ml_copy_shadow of n <= 16 bytes, n in the top byte of dst_n: five
 * words, so memlens.h's inline copies call it through a trampoline that
 * keeps every register (__ML_KEEP5_VOID). */
void __ml_copy_small(__ml_uptr dst_n, const void *src, __ml_meta_t dtag, __ml_meta_t stag,
                     const struct __ml_site *site) __ML_NOTHROW;

/* Definedness (uninit.c). An origin says where an undefined value came
 * from: the site of a local's declaration (even), or a runtime origin
 * (odd); 0 means defined. An odd origin with bit 63 set also names the
 * step that read the value (value propagation: bits 22..62 its id, bits
 * 0..21 the runtime origin). */
/* The n bytes at a hold nothing yet: a local declared without initializer
 * at decl, whose meta m names its record, the program's malloc (decl 0, m
 * WILD). (A no-op while definedness is not tracked.) */
void __ml_poison(__ml_uptr a, __ml_uptr n, const struct __ml_site *decl, __ml_meta_t m) __ML_NOTHROW;
/* The n bytes at a now hold values (__ml_def's slow path). */
void __ml_def_slow(__ml_uptr a, __ml_uptr n) __ML_NOTHROW;
/* __ml_def_copy's slow path (below). */
void __ml_def_copy_slow(__ml_uptr d, __ml_uptr s, __ml_uptr n, __ml_meta_t md, __ml_meta_t ms,
                        const struct __ml_site *site) __ML_NOTHROW;
/* __ml_def_copy_through (below) into an object of unknown provenance. */
void __ml_def_copy_wild(__ml_uptr d, __ml_uptr s, __ml_uptr n, __ml_meta_t ms,
                        const struct __ml_site *site) __ML_NOTHROW;
/* A value with the given origin was stored in the n bytes at a, at site,
 * through meta m (the object whose origin it becomes; else found from a). */
void __ml_def_store(__ml_uptr a, __ml_uptr n, __ml_uptr origin, __ml_meta_t m, const struct __ml_site *site) __ML_NOTHROW;
/* A value of the given origin was made in the n <= 8 bytes at a by an
 * update in place whose result's bits keep (xor-ed with flip) are the old
 * value's, the others set or cleared by defined operands (__ml_def_update's
 * slow path): those are defined, the kept ones as they were. */
void __ml_def_bitwise(__ml_uptr a, __ml_uptr n, __ml_uptr keep, __ml_uptr flip, __ml_uptr origin, __ml_meta_t m,
                      const struct __ml_site *site) __attribute__((noinline, cold)) __ML_NOTHROW;
/* Bit-fields: bits is a field's first bit's place in the byte at a and
 * its width << 8 (0: where the layout is not known). Whether every bit of
 * the field in the n bytes at a is defined (the shadow's undefined bytes
 * looked at bit by bit); a value of the given origin is about to be stored
 * into it (__ml_def_field's slow path: the field's bits are undefined, the
 * others as they were). */
int __ml_field_defined(__ml_uptr a, __ml_uptr n, __ml_uptr bits) __attribute__((noinline, cold)) __ML_NOTHROW;
void __ml_def_field_slow(__ml_uptr a, __ml_uptr n, __ml_uptr bits, __ml_uptr origin, __ml_meta_t m,
                         const struct __ml_site *site) __attribute__((noinline, cold)) __ML_NOTHROW;
/* Whether the bits mask selects of the integer read from the n bytes at a
 * (n + 256 for a signed one, whose sign bit fills a wider value's upper
 * bits) are defined: the shadow's undefined bytes looked at bit by bit (an
 * & with a mask read from memory whose bytes are undefined in part). With
 * n + 512, an & only tested against zero: also when a defined bit among
 * them is set, the & being nonzero whatever the undefined ones hold. */
int __ml_masked_defined(__ml_uptr a, __ml_uptr n, __ml_uptr mask) __attribute__((noinline, cold)) __ML_NOTHROW;
/* A pointer of uninit record m (never assigned) was stored at slot: the
 * slot's bytes are undefined, of the origin m names. */
void __ml_st_uninit(__ml_uptr slot, __ml_meta_t m, const struct __ml_site *site) __attribute__((noinline, cold)) __ML_NOTHROW;
/* Memory graphs (--memlens-graph, runtime/graph.c): the lvalue a pointer is
 * stored into (the struct or element type containing it, the member path
 * inside it, its offset there) and the type the stored pointer points to;
 * types as C spells them ("struct tag" for a tagged struct), each with the
 * typedef name the code used for it ("" if none). */
struct __ml_graph_field {
	const char *container, *field;
	unsigned long offset;
	const char *value;
	const char *container_typedef, *value_typedef;
};
/* A store event of the trace: tag 'W' (pointer v), 'G' (pointer v into a
 * named variable) or 'D' (integer v, field->value its type) at slot, by
 * the statement at site; or 'X' (address v computed from slot, no field). */
void __ml_graph_event(unsigned tag, __ml_uptr slot, __ml_uptr v, const struct __ml_site *site,
                      const struct __ml_graph_field *field) __attribute__((noinline)) __ML_NOTHROW;
/* The origin of the undefined bytes among the n at a (read through meta
 * m, or by the name of the local declared at decl, at site), 0 if all are
 * defined. */
__ml_uptr __ml_def_origin(__ml_uptr a, __ml_uptr n, __ml_meta_t m, const struct __ml_site *decl,
                          const struct __ml_site *site) __ML_NOTHROW;
/* A call to a function we do not see, given p (meta m): whatever p points
 * into may have been written by it. */
void __ml_def_extern(__ml_uptr p, __ml_meta_t m) __ML_NOTHROW;
/* The same for p of type T ** (levels 1) or T *** (2), T a number: the
 * rows its pointers point into too (libpng's png_read_image, libjpeg's
 * jpeg_read_scanlines and SIMD routines fill rows an array of pointers
 * names). */
void __ml_def_extern_rows(__ml_uptr p, __ml_meta_t m, __ml_uptr levels) __ML_NOTHROW;
/* A function returns p (meta m) to its caller, whose return address is
 * ra; self is an address in the function's module (its return's site):
 * where ra lies in another module (a library calling the function back,
 * as libpng calls its malloc_fn), whatever p points into is the library's
 * to write, as for a pointer passed to it (__ml_def_extern). */
void __ml_returned_out(__ml_uptr p, __ml_meta_t m, __ml_uptr ra, __ml_uptr self) __ML_NOTHROW;
/* Uses of undefined bytes (re-checked there) and of undefined values. */
void __ml_report_uninit(__ml_uptr a, __ml_uptr n, __ml_meta_t m, const struct __ml_site *decl,
                        const struct __ml_site *site) __attribute__((noinline, cold)) __ML_NOTHROW;
void __ml_report_uninit_value(__ml_uptr origin, const struct __ml_site *site)
	__attribute__((noinline, cold)) __ML_NOTHROW;
/* A printf-style call's format, made at run time, converts some of the n
 * arguments after it, of the given origins (0: defined): those are used. */
void __ml_format_uses(const char *fmt, const struct __ml_site *site, __ml_uptr n, const __ml_uptr *origins)
	__attribute__((noinline, cold)) __ML_NOTHROW;
/* A pointer never assigned (meta m, an uninit record's) decides something. */
void __ml_report_uninit_pointer(__ml_meta_t m, const struct __ml_site *site)
	__attribute__((noinline, cold)) __ML_NOTHROW;
/* The meta of a pointer local declared without initializer at decl: its
 * uninit record, made the first time and kept in *cache. (pure: a call
 * whose result is not used may go, the local being assigned first.) */
__ml_meta_t __ml_uninit_make(__ml_meta_t *cache, const struct __ml_site *decl)
	__attribute__((noinline, cold, pure)) __ML_NOTHROW;
/* The meta of a pointer loaded from the slot at a (reached through meta
 * tag) whose bytes were never written: the uninit record of their origin. */
__ml_meta_t __ml_uninit_loaded(__ml_uptr a, __ml_meta_t tag) __attribute__((noinline, cold)) __ML_NOTHROW;

/* Checked replacements for libc calls made by instrumented code. Same
 * signatures as libc's; arguments' metas arrive in __ml_t.arg (callee set to
 * the replacement), the caller's site in __ml_t.frames[depth-1]; pointer
 * results leave their meta in __ml_t.ret with retfn = the replacement. */
#define __ML_FILE void
/* (the allocators' sizes as glibc declares them: gcc's object sizes,
 * __builtin_object_size and _FORTIFY_SOURCE's, are native's) */
void *__ml_malloc(__SIZE_TYPE__) __attribute__((alloc_size(1)));
void *__ml_calloc(__SIZE_TYPE__, __SIZE_TYPE__) __attribute__((alloc_size(1, 2)));
void *__ml_realloc(void *, __SIZE_TYPE__) __attribute__((alloc_size(2)));
void *__ml_reallocarray(void *, __SIZE_TYPE__, __SIZE_TYPE__) __attribute__((alloc_size(2, 3)));
void  __ml_free(void *);
int   __ml_posix_memalign(void **, __SIZE_TYPE__, __SIZE_TYPE__);
void *__ml_aligned_alloc(__SIZE_TYPE__, __SIZE_TYPE__) __attribute__((alloc_size(2)));
void *__ml_memalign(__SIZE_TYPE__, __SIZE_TYPE__) __attribute__((alloc_size(2)));
void *__ml_valloc(__SIZE_TYPE__) __attribute__((alloc_size(1)));
void *__ml_pvalloc(__SIZE_TYPE__);
char *__ml_strdup(const char *);
char *__ml_strndup(const char *, __SIZE_TYPE__);
void *__ml_memcpy(void *, const void *, __SIZE_TYPE__);
void *__ml_memmove(void *, const void *, __SIZE_TYPE__);
void *__ml_mempcpy(void *, const void *, __SIZE_TYPE__);
int   __ml_vfork(void);
void *__ml_memset(void *, int, __SIZE_TYPE__);
int   __ml_memcmp(const void *, const void *, __SIZE_TYPE__);
void *__ml_memchr(const void *, int, __SIZE_TYPE__);
void *__ml_memrchr(const void *, int, __SIZE_TYPE__);
char *__ml_strcpy(char *, const char *);
char *__ml_stpcpy(char *, const char *);
char *__ml_strncpy(char *, const char *, __SIZE_TYPE__);
char *__ml_stpncpy(char *, const char *, __SIZE_TYPE__);
char *__ml_strcat(char *, const char *);
char *__ml_strncat(char *, const char *, __SIZE_TYPE__);
__SIZE_TYPE__ __ml_strlen(const char *);
__SIZE_TYPE__ __ml_strnlen(const char *, __SIZE_TYPE__);
int   __ml_strcmp(const char *, const char *);
int   __ml_strncmp(const char *, const char *, __SIZE_TYPE__);
int   __ml_strcasecmp(const char *, const char *);
int   __ml_strncasecmp(const char *, const char *, __SIZE_TYPE__);
int   __ml_strcoll(const char *, const char *);
char *__ml_strchr(const char *, int);
char *__ml_strrchr(const char *, int);
char *__ml_strstr(const char *, const char *);
char *__ml_strpbrk(const char *, const char *);
__SIZE_TYPE__ __ml_strspn(const char *, const char *);
__SIZE_TYPE__ __ml_strcspn(const char *, const char *);
char *__ml_strtok(char *, const char *);
char *__ml_strtok_r(char *, const char *, char **);
/* The read-only string functions glibc declares pure, as optimised code
 * calls them in a loop that does not change their arguments (pureCalls in
 * internal/instrument): the caller's handover (each pointer argument's meta, step
 * site and word, then the call's site) passed as arguments instead of
 * stored into __ml_t, so that gcc may hoist, merge or drop their calls as
 * it does libc's (a bad call is reported each time it runs, which may
 * then be fewer times, as libc's would run). A pointer result points into the
 * first argument, whose meta and provenance the caller gives it. */
#define __ML_PURE_ARG __ml_meta_t, const struct __ml_site *, __ml_prov_t
#define __ML_PURE __attribute__((pure))
__SIZE_TYPE__ __ml_pure_strlen(const char *, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
__SIZE_TYPE__ __ml_pure_strnlen(const char *, __SIZE_TYPE__, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
char *__ml_pure_strchr(const char *, int, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
char *__ml_pure_strrchr(const char *, int, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
void *__ml_pure_memchr(const void *, int, __SIZE_TYPE__, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
void *__ml_pure_memrchr(const void *, int, __SIZE_TYPE__, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
int   __ml_pure_strcmp(const char *, const char *, __ML_PURE_ARG, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
int   __ml_pure_strcasecmp(const char *, const char *, __ML_PURE_ARG, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
int   __ml_pure_strcoll(const char *, const char *, __ML_PURE_ARG, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
char *__ml_pure_strstr(const char *, const char *, __ML_PURE_ARG, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
char *__ml_pure_strpbrk(const char *, const char *, __ML_PURE_ARG, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
__SIZE_TYPE__ __ml_pure_strspn(const char *, const char *, __ML_PURE_ARG, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
__SIZE_TYPE__ __ml_pure_strcspn(const char *, const char *, __ML_PURE_ARG, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
int   __ml_pure_strncmp(const char *, const char *, __SIZE_TYPE__, __ML_PURE_ARG, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
int   __ml_pure_strncasecmp(const char *, const char *, __SIZE_TYPE__, __ML_PURE_ARG, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
int   __ml_pure_memcmp(const void *, const void *, __SIZE_TYPE__, __ML_PURE_ARG, __ML_PURE_ARG, const struct __ml_site *) __ML_PURE;
/* (format attributes keep gcc's -Wformat diagnostics on the user's calls) */
#define __ML_FMT(f, a) __attribute__((format(printf, f, a)))
int   __ml_sprintf(char *, const char *, ...) __ML_FMT(2, 3);
int   __ml_snprintf(char *, __SIZE_TYPE__, const char *, ...) __ML_FMT(3, 4);
int   __ml_vsprintf(char *, const char *, __builtin_va_list) __ML_FMT(2, 0);
int   __ml_vsnprintf(char *, __SIZE_TYPE__, const char *, __builtin_va_list) __ML_FMT(3, 0);
int   __ml_printf(const char *, ...) __ML_FMT(1, 2);
int   __ml_fprintf(__ML_FILE *, const char *, ...) __ML_FMT(2, 3);
int   __ml_vprintf(const char *, __builtin_va_list) __ML_FMT(1, 0);
int   __ml_vfprintf(__ML_FILE *, const char *, __builtin_va_list) __ML_FMT(2, 0);
char *__ml_fgets(char *, int, __ML_FILE *);
__SIZE_TYPE__ __ml_fread(void *, __SIZE_TYPE__, __SIZE_TYPE__, __ML_FILE *);
__SIZE_TYPE__ __ml_fwrite(const void *, __SIZE_TYPE__, __SIZE_TYPE__, __ML_FILE *);
long  __ml_read(int, void *, __SIZE_TYPE__);
long  __ml_write(int, const void *, __SIZE_TYPE__);
long  __ml_getline(char **, __SIZE_TYPE__ *, __ML_FILE *);
/* socket and vector input: the bytes the kernel wrote (sockets.c) */
int   __ml_getsockname(int, void *, void *);
int   __ml_getpeername(int, void *, void *);
int   __ml_accept(int, void *, void *);
int   __ml_accept4(int, void *, void *, int);
long  __ml_recvfrom(int, void *, __SIZE_TYPE__, int, void *, void *);
int   __ml_getsockopt(int, int, int, void *, void *);
long  __ml_recvmsg(int, void *, int);
long  __ml_readv(int, const void *, int);
long  __ml_preadv(int, const void *, int, long);
long  __ml_getdelim(char **, __SIZE_TYPE__ *, int, __ML_FILE *);
int   __ml_puts(const char *);
int   __ml_fputs(const char *, __ML_FILE *);
void  __ml_qsort(void *, __SIZE_TYPE__, __SIZE_TYPE__, int (*)(const void *, const void *));
void  __ml_qsort_r(void *, __SIZE_TYPE__, __SIZE_TYPE__, int (*)(const void *, const void *, void *), void *);
void *__ml_bsearch(const void *, const void *, __SIZE_TYPE__, __SIZE_TYPE__,
                   int (*)(const void *, const void *));
int   __ml_pthread_create(void *, const void *, void *(*)(void *), void *);
/* thread-specific values (pthread_key_t, tss_t: unsigned) live in the
 * thread's descriptor, where the leak check does not look */
int   __ml_pthread_setspecific(unsigned, const void *);
int   __ml_tss_set(unsigned, void *);
/* the program's signal handlers, wrapped (handlers.c) */
int   __ml_sigaction(int, const void *, void *);
void (*__ml_signal(int, void (*)(int)))(int);
/* wide characters (wchar.c) */
#define __ML_WCHAR __WCHAR_TYPE__
__ML_WCHAR *__ml_wcscpy(__ML_WCHAR *, const __ML_WCHAR *);
__ML_WCHAR *__ml_wcsncpy(__ML_WCHAR *, const __ML_WCHAR *, __SIZE_TYPE__);
__ML_WCHAR *__ml_wcscat(__ML_WCHAR *, const __ML_WCHAR *);
__ML_WCHAR *__ml_wcsncat(__ML_WCHAR *, const __ML_WCHAR *, __SIZE_TYPE__);
__SIZE_TYPE__ __ml_wcslen(const __ML_WCHAR *);
__SIZE_TYPE__ __ml_wcsnlen(const __ML_WCHAR *, __SIZE_TYPE__);
int   __ml_wcscmp(const __ML_WCHAR *, const __ML_WCHAR *);
int   __ml_wcsncmp(const __ML_WCHAR *, const __ML_WCHAR *, __SIZE_TYPE__);
__ML_WCHAR *__ml_wcschr(const __ML_WCHAR *, __ML_WCHAR);
__ML_WCHAR *__ml_wcsrchr(const __ML_WCHAR *, __ML_WCHAR);
__ML_WCHAR *__ml_wcsstr(const __ML_WCHAR *, const __ML_WCHAR *);
__ML_WCHAR *__ml_wmemcpy(__ML_WCHAR *, const __ML_WCHAR *, __SIZE_TYPE__);
__ML_WCHAR *__ml_wmemmove(__ML_WCHAR *, const __ML_WCHAR *, __SIZE_TYPE__);
__ML_WCHAR *__ml_wmemset(__ML_WCHAR *, __ML_WCHAR, __SIZE_TYPE__);
int   __ml_wmemcmp(const __ML_WCHAR *, const __ML_WCHAR *, __SIZE_TYPE__);
__ML_WCHAR *__ml_wcsdup(const __ML_WCHAR *);
int   __ml_swprintf(__ML_WCHAR *, __SIZE_TYPE__, const __ML_WCHAR *, ...);
int   __ml_vswprintf(__ML_WCHAR *, __SIZE_TYPE__, const __ML_WCHAR *, __builtin_va_list);
__ML_WCHAR *__ml_fgetws(__ML_WCHAR *, int, __ML_FILE *);
__SIZE_TYPE__ __ml_mbstowcs(__ML_WCHAR *, const char *, __SIZE_TYPE__);
__SIZE_TYPE__ __ml_wcstombs(char *, const __ML_WCHAR *, __SIZE_TYPE__);

/* Referenced by every instrumented object, defined only by a runtime with the
 * same ABI: a stale runtime fails at link time. */
extern const int __memlens_abi_v63;
static const int *const __ml_abi_check __attribute__((used)) = &__memlens_abi_v63;

/* ---- hot path ---- */
/* Optimised, the inline helpers' locals are not tracked for the debugger:
 * under -g their bindings, copied into every inlined copy, were what gcc's
 * passes carried most (the code is the same; the program's variables keep
 * theirs, and gdb never shows a helper's). */
#if defined(__OPTIMIZE__) && !defined(__clang__)
#define __ML_UNTRACKED , optimize("no-var-tracking-assignments")
#else
#define __ML_UNTRACKED
#endif
#ifdef __OPTIMIZE__
#define __ML_INLINE static __inline__ __attribute__((always_inline, unused __ML_UNTRACKED))
#elif defined(__clang__)
#define __ML_INLINE static __attribute__((noinline, unused))
#else
/* Without optimisation gcc gives the locals of every inlined copy a stack
 * slot of its own: a function with a hundred checks had a 5 KiB frame.
 * Calls keep frames small where speed was not asked for; gcc compiles the
 * helpers themselves optimised, which changes no caller's code (their
 * -O0 bodies stored every argument and reloaded it: callgrind Ir of
 * tree.c at -O0 499.4M to 359.9M). Inline, though never inlined: gcc -O0
 * compiles every static function, but only the inline ones a unit calls
 * (cc1 Ir of a uthash test's unit: 1,832M to 881M, 27 helpers of 132). */
#define __ML_INLINE static __inline__ __attribute__((noinline, unused, optimize("O2")))
#endif
/* The drop a pointer local's cleanup makes (__ml_scope_unref) is inlined
 * where gcc finds it pays: full checking's -fexceptions copies every
 * cleanup into the landing pads a longjmp's unwinding runs
 * (runtime/jumps.c), cold code where gcc calls the unit's one copy
 * instead (Lua's fully checked lparser.c: 239 copies). Without optimize(),
 * whose mismatch would keep gcc from inlining it anywhere. */
#if defined(__OPTIMIZE__) && !defined(__clang__)
#define __ML_CLEANUP static __inline__ __attribute__((unused))
#else
#define __ML_CLEANUP __ML_INLINE
#endif
#define __ML_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define __ML_LIKELY(x) __builtin_expect(!!(x), 1)

/* The hot-path helpers take addresses as integers so that instrumented code
 * can pass pointers of any qualification without a diagnostic. */

/* On x86_64 with asm goto outputs (gcc 11, clang 11), the checks are single
 * asm statements: the C compiler then sees one statement per check instead
 * of a dozen, which makes instrumented code compile about twice as fast,
 * and the slow paths stay ordinary C calls (so unwinding and registers need
 * no special care). Elsewhere, or with -D__ML_NO_ASM, the same logic is plain
 * C. */
#if !defined(__ML_NO_ASM) && defined(__x86_64__) && ((defined(__clang__) && __clang_major__ >= 11) || \
                            (!defined(__clang__) && __GNUC__ >= 11))
#define __ML_ASM 1
#ifdef __clang__
#define __ML_COLD_LABEL
#else
#define __ML_COLD_LABEL __attribute__((cold))
#endif
typedef char __ml_rec_is_32_bytes[sizeof(struct __ml_rec) == 32 ? 1 : -1];
/* The 64-bit constants of the loads' and stores' asm statements (the
 * hash's multiplier, the pointer shadow's XOR, the meta's mask) are read
 * from memory: as register operands, gcc kept each in a register of its
 * own, often a callee-saved one the function pushed only for it. */
static const __ml_uptr __ml_hash_mul __attribute__((unused)) = 0x9e3779b97f4a7c15UL;
static const __ml_uptr __ml_shadow_xor __attribute__((unused)) = __ML_META_XOR;
static const __ml_uptr __ml_meta_mask __attribute__((unused)) = __ML_META_MASK;
static const __ml_uptr __ml_hash_bits __attribute__((unused)) = ~__ML_META_MASK;
#define __ML_ASM_K    "m"(__ml_hash_mul)
#define __ML_ASM_XOR  "m"(__ml_shadow_xor)
#define __ML_ASM_MASK "m"(__ml_meta_mask)
#define __ML_ASM_HASH "m"(__ml_hash_bits)
static const __ml_uptr __ml_def_xor __attribute__((unused)) = __ML_META_XOR >> 3 | __ML_DEF_BASE;
/* With gcc, optimising, in the small code model (sites within 2 GiB), a
 * check's slow path is a stub in a section of cold code instead of a C
 * label and call (stubs.c): the C compiler sees one asm statement with
 * inputs, no branch, no call and no values kept alive for a slow path,
 * which makes instrumented code compile about a third faster. */
#if defined(__OPTIMIZE__) && !defined(__clang__) && defined(__code_model_small__)
#define __ML_STUB 1
#endif
#endif

/* A cold call out of a helper: optimising with the checks' stubs, made in
 * an asm statement through the runtime's trampoline fn_keep (stubs.c),
 * which keeps every register: gcc sees no call, so no value of the
 * function lives across it in a callee-saved register or a slot of its
 * frame only for it. The asm skips the red zone, pushes five words and
 * pops fn's result. */
#ifdef __ML_STUB
/* The call of a trampoline of stubs.c's five-word convention: past the red
 * zone, five words pushed (w0 last), the result popped into out. */
#define __ML_KEEP5_CALL(fn, w0, w1, w2, w3, w4, out)                           \
	"leaq -128(%%rsp), %%rsp\n\t"                                            \
	"pushq " w4 "\n\tpushq " w3 "\n\tpushq " w2 "\n\tpushq " w1 "\n\tpushq " w0 "\n\t" \
	__ML_ASM_CALL(fn)                                                      \
	"popq " out "\n\t"                                                     \
	"leaq 160(%%rsp), %%rsp"
#define __ML_KEEP_ASM(res, fn, a0, a1, a2, a3, a4)                                \
	__asm__ volatile(__ML_KEEP5_CALL(fn "_keep", "%[w0]", "%[w1]", "%[w2]", "%[w3]", "%[w4]", "%[r]") \
	                 : [r] "=r"(res)                                           \
	                 : [w0] "re"((__ml_uptr)(a0)), [w1] "re"((__ml_uptr)(a1)), \
	                   [w2] "re"((__ml_uptr)(a2)), [w3] "re"((__ml_uptr)(a3)), \
	                   [w4] "re"((__ml_uptr)(a4))                               \
	                 : "memory", "cc")
#define __ML_KEEP0(res, fn) __ML_KEEP_ASM(res, #fn, 0, 0, 0, 0, 0)
#define __ML_KEEP1(res, fn, a0) __ML_KEEP_ASM(res, #fn, a0, 0, 0, 0, 0)
#define __ML_KEEP3(res, fn, a0, a1, a2) __ML_KEEP_ASM(res, #fn, a0, a1, a2, 0, 0)
#define __ML_KEEP5(res, fn, a0, a1, a2, a3, a4) __ML_KEEP_ASM(res, #fn, a0, a1, a2, a3, a4)
#define __ML_KEEP5_VOID(fn, a0, a1, a2, a3, a4)                                   \
	do {                                                                       \
		__ml_uptr __ml_unused;                                             \
		__ML_KEEP_ASM(__ml_unused, #fn, a0, a1, a2, a3, a4);               \
	} while (0)
#define __ML_KEEP4_VOID(fn, a0, a1, a2, a3) __ML_KEEP5_VOID(fn, a0, a1, a2, a3, 0)
#define __ML_KEEP2_VOID(fn, a0, a1) __ML_KEEP5_VOID(fn, a0, a1, 0, 0, 0)
#define __ML_KEEP1_VOID(fn, a0) __ML_KEEP5_VOID(fn, a0, 0, 0, 0, 0)
/* A lighter one for calls made at every entry or exit of some functions
 * (a local's registration, a body's end): fn's arguments in rdi, rsi and
 * rdx, its result in rax, through fn_keepg (stubs.c), which keeps the
 * other caller-saved general registers (rcx, r8 to r11) and no vector
 * register: the asm clobbers those, which integer code seldom holds
 * across (Lua's lapi.c -O2 frames 1.536 to 1.476 times gcc's, where the
 * full trampoline's xsave cost Lua 1.45% more instructions). */
#ifdef __AVX512F__
/* (glibc's string functions, which the runtime's slow paths may reach,
 * use xmm16 to xmm31 in their EVEX variants) */
#define __ML_KEEPG_CLOBBERS_AVX512                                                   \
	, "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", \
	"xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31", "k0", "k1", "k2",  \
	"k3", "k4", "k5", "k6", "k7"
#else
#define __ML_KEEPG_CLOBBERS_AVX512
#endif
/* The x87 stack too (and MMX, its alias): a callee may use all eight of its
 * registers, the ABI having it empty at a call, and gcc held a caller's long
 * doubles there across the asm. Free where no x87 register is live. */
#ifndef _SOFT_FLOAT
#define __ML_KEEPG_CLOBBERS_X87 \
	, "st", "st(1)", "st(2)", "st(3)", "st(4)", "st(5)", "st(6)", "st(7)"
#else
#define __ML_KEEPG_CLOBBERS_X87
#endif
#ifdef __MMX__
#define __ML_KEEPG_CLOBBERS_MMX , "mm0", "mm1", "mm2", "mm3", "mm4", "mm5", "mm6", "mm7"
#else
#define __ML_KEEPG_CLOBBERS_MMX
#endif
#define __ML_KEEPG_CLOBBERS                                                         \
	"memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", \
	"xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"        \
	__ML_KEEPG_CLOBBERS_X87 __ML_KEEPG_CLOBBERS_MMX __ML_KEEPG_CLOBBERS_AVX512
#define __ML_KEEPG3(res, fn, a0, a1, a2)                                                   \
	do {                                                                               \
		__ml_uptr __ml_k0 = (__ml_uptr)(a0), __ml_k1 = (__ml_uptr)(a1),            \
		          __ml_k2 = (__ml_uptr)(a2);                                       \
		register __ml_uptr __ml_g0 __asm__("rdi") = __ml_k0;                      \
		register __ml_uptr __ml_g1 __asm__("rsi") = __ml_k1;                      \
		register __ml_uptr __ml_g2 __asm__("rdx") = __ml_k2;                      \
		__asm__ volatile("leaq -128(%%rsp), %%rsp\n\t" __ML_ASM_CALL(#fn "_keepg")     \
		                 "leaq 128(%%rsp), %%rsp"                                  \
		                 : "=a"(res), "+r"(__ml_g0), "+r"(__ml_g1), "+r"(__ml_g2) \
		                 :                                                         \
		                 : __ML_KEEPG_CLOBBERS);                                   \
	} while (0)
#define __ML_KEEPG1_VOID(fn, a0)                                                   \
	do {                                                                       \
		__ml_uptr __ml_unused;                                             \
		__ML_KEEPG3(__ml_unused, fn, a0, 0, 0);                            \
	} while (0)
#else
#define __ML_KEEP0(res, fn) ((res) = fn())
#define __ML_KEEP1(res, fn, a0) ((res) = fn(a0))
#define __ML_KEEP3(res, fn, a0, a1, a2) ((res) = fn(a0, a1, a2))
#define __ML_KEEP5(res, fn, a0, a1, a2, a3, a4) ((res) = fn(a0, a1, a2, a3, a4))
#define __ML_KEEP5_VOID(fn, a0, a1, a2, a3, a4) fn(a0, a1, a2, a3, a4)
#define __ML_KEEP4_VOID(fn, a0, a1, a2, a3) fn(a0, a1, a2, a3)
#define __ML_KEEP2_VOID(fn, a0, a1) fn(a0, a1)
#define __ML_KEEP1_VOID(fn, a0) fn(a0)
#define __ML_KEEPG3(res, fn, a0, a1, a2) ((res) = fn(a0, a1, a2))
#define __ML_KEEPG1_VOID(fn, a0) fn(a0)
#endif

/* The record of meta m: its slot shifted, __ML_RECS's bit set. With asm:
 * three instructions and no constant in a register (gcc would load
 * __ML_RECS into one for an add, or keep it in one through the function);
 * volatile, so each check computes its own: shared between the checks
 * through one meta and hoisted out of loops, it was one more value live
 * through them in a register of its own, pushed where the function had no
 * other to spare (zlib's trees.c: -O2 frames 1,360 to 1,264 bytes). (In C, gcc sets the bit with a bts too, but shares the address
 * across blocks and holds it live: cJSON's -O2 frames 8,224 bytes with the
 * asm, 8,448 in C.) Inline even unoptimised, where its callers are calls. */
static __inline__ __attribute__((always_inline, unused __ML_UNTRACKED)) struct __ml_rec *__ml_rec_of(__ml_meta_t m)
{
#ifdef __ML_ASM
	struct __ml_rec *r;
	__asm__ volatile("movl %k[m], %k[r]\n\tshlq $5, %[r]\n\tbtsq $" __ML_RECS_BIT ", %[r]"
	        : [r] "=r"(r)
	        : [m] "r"(m)
	        : "cc");
	return r;
#else
	return (struct __ml_rec *)((__ml_uptr)(unsigned)m * sizeof(struct __ml_rec) | (__ml_uptr)__ML_RECS);
#endif
}
/* The same, computed once for the checks through one meta in a loop that
 * makes no calls (instrument's checkedPlace, the _sr checks): not
 * volatile, so gcc shares it between them; it reads callee, a word every
 * call may write, so that it is never shared across a call, where it
 * would take a callee-saved register (shared everywhere, Lua's -O2 frames
 * grew by 5 to 10%). */
static __inline__ __attribute__((always_inline, unused __ML_UNTRACKED)) struct __ml_rec *__ml_rec_of_shared(__ml_meta_t m)
{
#ifdef __ML_ASM
	struct __ml_rec *r;
	__asm__("movl %k[m], %k[r]\n\tshlq $5, %[r]\n\tbtsq $" __ML_RECS_BIT ", %[r]"
	        : [r] "=r"(r)
	        : [m] "r"(m), "m"(__ml_t.callee)
	        : "cc");
	return r;
#else
	return __ml_rec_of(m);
#endif
}

/* __ML_DEF_SHADOW(a) for a check: it reads callee, a word every call may
 * write, so gcc shares it between the checks of one address with no call
 * between them but never holds it across a call in a callee-saved
 * register, where two instructions again are cheaper than a push and a pop
 * in every frame (descent.c's full -O2 parse_value held &p->s's across its
 * recursive call). */
__ML_INLINE __ml_uptr __ml_def_shadow(__ml_uptr a)
{
#ifdef __ML_ASM
	__asm__("shrq $3, %[a]\n\txorq %[x], %[a]" : [a] "+r"(a) : [x] "m"(__ml_def_xor), "m"(__ml_t.callee) : "cc");
	return a;
#else
	return __ML_DEF_SHADOW(a);
#endif
}

/* The undefined bits of the n bytes (n <= 8) at a. An aligned word's
 * bits are its shadow byte, all of it: tested without the shift and mask
 * (a word out of line still takes them, with an a of its own, so gcc keeps
 * no a & 7 for them and the alignment's test is one instruction). */
__ML_INLINE unsigned __ml_undef_bits(__ml_uptr a, __ml_uptr n)
{
	if (n == 8) {
		if (__ML_LIKELY((a & 7) == 0))
			return *(const unsigned char *)__ml_def_shadow(a);
		__asm__("" : "+r"(a));
	}
	return ((unsigned)*(const __ml_u16u *)__ml_def_shadow(a) >> (a & 7)) & ((1u << n) - 1);
}

/* The n bytes at a, read through meta m (or by the name of the local
 * declared at decl), are used: a branch, arithmetic, an index, a call's
 * argument. Memory of unknown provenance (WILD) is never checked. The
 * definedness helpers' cold calls go through the trampoline keeping every
 * register, so no value lives across them in a callee-saved register or a
 * slot of the frame only for them (descent.c's full -O2 parse_value 80 to
 * 48 bytes with __ml_def_shadow and the WILD test's branch: gcc's 32). */
__ML_INLINE void __ml_use(__ml_uptr a, __ml_uptr n, __ml_meta_t m, const struct __ml_site *decl,
                          const struct __ml_site *site)
{
	if (n > 8 || __ML_UNLIKELY(__ml_undef_bits(a, n) != 0)) {
		if (m != __ML_WILD || decl)
			__ML_KEEP5_VOID(__ml_report_uninit, a, n, m, decl, site);
		else /* a branch of its own: gcc otherwise tests m on the hot path and
		        holds the flag across calls for the next use of m */
			__asm__("");
	}
}

/* A bit-field's value (bits: __ml_field_defined) in the n bytes at a is
 * used: checked as __ml_use checks bytes, where the bytes undefined in the
 * shadow are looked at bit by bit. */
__ML_INLINE void __ml_use_field(__ml_uptr a, __ml_uptr n, __ml_uptr bits, __ml_meta_t m, const struct __ml_site *decl,
                                const struct __ml_site *site)
{
	if ((n > 8 || __ML_UNLIKELY(__ml_undef_bits(a, n) != 0)) && (m != __ML_WILD || decl) && !__ml_field_defined(a, n, bits))
		__ML_KEEP5_VOID(__ml_report_uninit, a, n, m, decl, site);
}

/* A call to a library we do not see moved an output cursor (a stream's
 * next_out) from `from` to `to`: it wrote the bytes between. (A cursor
 * never set, or one moved back, defines nothing.) */
__ML_INLINE void __ml_def_advanced(__ml_uptr from, __ml_uptr to)
{
	if (from && to > from && to - from < ((__ml_uptr)1 << 40))
		__ml_def_slow(from, to - from);
}

/* A second thread has started, or the program installed a signal handler:
 * counts and shared shadow bytes change atomically from then on. */
extern int __ml_mt;

/* The n bytes at a were written. Their bits, when one shadow byte holds
 * them all, are cleared here, not by a call: the first store into a new
 * block's bytes is most of them (list.c's new_item). Where other threads
 * run (__ml_mt), by the runtime's atomic and (a neighbour may be another
 * thread's object); alone, by a plain one: a lock prefix drained the
 * store buffer at each of new_item's tag bytes. */
__ML_INLINE void __ml_def(__ml_uptr a, __ml_uptr n)
{
	unsigned bits;
	/* An aligned word owns its shadow byte whole (no neighbour's bits
	 * share it): one plain store, no load, test or atomic. */
	if (n == 8 && __ML_LIKELY((a & 7) == 0)) {
		*(unsigned char *)__ml_def_shadow(a) = 0;
		return;
	}
	if (n > 8) {
		__ml_def_slow(a, n);
		return;
	}
	/* Bits that lie in one shadow byte, which others share, are cleared
	 * there through the shadow address their test read (computed again
	 * for the clear, it was three more instructions and a constant in a
	 * register at each first store of a new block's bytes); a char's,
	 * always in one byte, tested with its mask, not shifted down first. */
	if (n < 8) {
		unsigned char *sh = (unsigned char *)__ml_def_shadow(a);
		unsigned mask;
		if (n == 1) {
			mask = 1u << (a & 7);
			if (__ML_LIKELY((*sh & mask) == 0))
				return;
		} else {
			bits = ((unsigned)*(const __ml_u16u *)sh >> (a & 7)) & ((1u << n) - 1);
			if (__ML_LIKELY(bits == 0))
				return;
			if ((a & 7) + n > 8) {
				__ml_def_slow(a, n); /* (two shadow bytes) */
				return;
			}
			mask = bits << (a & 7);
		}
		if (__ML_LIKELY(!__ml_mt))
			*sh &= (unsigned char)~mask;
		else
			__ml_def_slow(a, n);
		return;
	}
	if (__ML_UNLIKELY((bits = __ml_undef_bits(a, n)) != 0)) /* (a word out of line) */
		__ml_def_slow(a, n);
}

/* The bytes of a local declared without initializer, defined again when
 * its scope ends (the cleanup of a variable holding them): memory nobody
 * poisoned reads as defined, as the stack there is once the frame is gone
 * and code memlens does not see writes it. */
struct __ml_span {
	__ml_uptr a, n;
};
__ML_INLINE void __ml_span_end(const struct __ml_span *s)
{
	__ml_def(s->a, s->n);
}
/* The same in a function returning a struct: not the object its return
 * statement hands over, whose definedness the caller copies after the
 * return (__ml_t.retobj). */
__ML_INLINE void __ml_span_end_ret(const struct __ml_span *s)
{
	if (__ml_t.retobj - s->a >= s->n)
		__ml_def(s->a, s->n);
}

/* A value of the given origin (0: defined) was stored in the n bytes at
 * a, at site, through meta m (0 where the store names no pointer: the
 * object is found from the address). */
__ML_INLINE void __ml_def_v(__ml_uptr a, __ml_uptr n, __ml_uptr origin, __ml_meta_t m, const struct __ml_site *site)
{
	if (__ML_UNLIKELY(origin != 0))
		__ML_KEEP5_VOID(__ml_def_store, a, n, origin, m, site);
	else
		__ml_def(a, n);
}

/* The origin of a value copied from the n bytes at a, read at site (0:
 * defined). */
__ML_INLINE __ml_uptr __ml_origin(__ml_uptr a, __ml_uptr n, __ml_meta_t m, const struct __ml_site *decl,
                                  const struct __ml_site *site)
{
	__ml_uptr o;
	if ((n <= 8 && __ML_LIKELY(__ml_undef_bits(a, n) == 0)) || (m == __ML_WILD && !decl))
		return 0;
	__ML_KEEP5(o, __ml_def_origin, a, n, m, decl, site);
	return o;
}

/* The origin of a value computed from values of origins a and b: the
 * first that is undefined. */
__ML_INLINE __ml_uptr __ml_either(__ml_uptr a, __ml_uptr b)
{
	return a ? a : b;
}

/* The n bytes at a, of origin o (0: defined), were updated in place by
 * bitwise operations whose operands have the origin ov, through meta m, at
 * site: the bits keep of the result are the old value's (xor-ed with
 * flip), the others set or cleared by the operands. With defined operands
 * those are defined, bit by bit, as Valgrind has them; else the value is
 * as undefined as either. */
__ML_INLINE void __ml_def_update(__ml_uptr a, __ml_uptr n, __ml_uptr o, __ml_uptr ov, __ml_uptr keep, __ml_uptr flip,
                                 __ml_meta_t m, const struct __ml_site *site)
{
	if (__ML_LIKELY((o | ov) == 0))
		__ml_def(a, n);
	else if (ov != 0)
		__ML_KEEP5_VOID(__ml_def_store, a, n, __ml_either(o, ov), m, site);
	else
		__ml_def_bitwise(a, n, keep, flip, o, m, site);
}

/* The origin of a bit-field's value (bits: __ml_field_defined) read from
 * the n bytes at a (0: defined). */
__ML_INLINE __ml_uptr __ml_origin_field(__ml_uptr a, __ml_uptr n, __ml_uptr bits, __ml_meta_t m,
                                        const struct __ml_site *decl, const struct __ml_site *site)
{
	__ml_uptr o = __ml_origin(a, n, m, decl, site);
	return o && __ml_field_defined(a, n, bits) ? 0 : o;
}

/* A value of the given origin is about to be stored into a bit-field (bits:
 * __ml_field_defined) in the n bytes at a, through meta m, at site. */
__ML_INLINE void __ml_def_field(__ml_uptr a, __ml_uptr n, __ml_uptr bits, __ml_uptr origin, __ml_meta_t m,
                                const struct __ml_site *site)
{
	if (__ML_LIKELY(origin == 0))
		__ml_def(a, n);
	else
		__ml_def_field_slow(a, n, bits, origin, m, site);
}

/* A value of a local (its companion origin o) is used. */
__ML_INLINE void __ml_use_v(__ml_uptr o, const struct __ml_site *site)
{
	if (__ML_UNLIKELY(o != 0))
		__ML_KEEP2_VOID(__ml_report_uninit_value, o, site);
}

/* A pointer value (meta m) decides something (a branch, a comparison, a
 * libc call's argument): one never assigned is an undefined value. */
__ML_INLINE void __ml_use_p(__ml_meta_t m, const struct __ml_site *site)
{
	if (__ML_UNLIKELY(__ML_IS_UNINIT(m)))
		__ML_KEEP2_VOID(__ml_report_uninit_pointer, m, site);
}

/* The meta of a pointer local declared without initializer at decl
 * (full checking; detection mode uses __ML_UNINIT): its uninit record. */
__ML_INLINE __ml_meta_t __ml_uninit_local(__ml_meta_t *cache, const struct __ml_site *decl)
{
	__ml_meta_t m = *cache;
	return __ML_LIKELY(m != 0) ? m : __ml_uninit_make(cache, decl);
}

/* Optimised, the call of a void function that may exit (instrument's
 * callWords), its words integers or pointers: an asm statement calls the
 * trampoline __ml_exit_keep (stubs.c), which keeps every register, so gcc
 * keeps none of the caller's values in a callee-saved register only for
 * this cold call, and the caller-saved ones it holds are on the stack for
 * exit's leak check. gcc still takes the call to return (the pointers the
 * callers use after it stay held). Four words: r8 and r9 bound as well
 * took the registers that held the caller's values there (vm.c's
 * handlers pushed five registers again, not three). */
__ML_INLINE void __ml_exit_call(const void *fn, __ml_uptr a0, __ml_uptr a1, __ml_uptr a2, __ml_uptr a3)
{
#ifdef __ML_STUB
	__asm__ volatile("leaq -128(%%rsp), %%rsp\n\t"
	                 "pushq %[fn]\n\t" __ML_ASM_CALL("__ml_exit_keep") "leaq 128(%%rsp), %%rsp"
	                 :
	                 : [fn] "r"(fn), "D"(a0), "S"(a1), "d"(a2), "c"(a3)
	                 : "memory", "cc");
#else
	((void (*)(__ml_uptr, __ml_uptr, __ml_uptr, __ml_uptr))fn)(a0, a1, a2, a3);
#endif
}

/* A direct leaf function's caller stores no frame site before calling it
 * (instrument's callSite): the leaf's paths that report or call store the
 * call's site cs in the caller's frame slot first. */
__ML_INLINE void __ml_at_caller(const struct __ml_site *cs)
{
	unsigned d = __ml_t.depth;
	if (d)
		__ml_t.frames[d <= __ML_MAX_FRAMES ? d - 1 : __ML_MAX_FRAMES - 1] = cs;
}

/* The same for a leaf that a function without a frame calls (instrument's
 * findFrameless: vm.c's handlers): its call's site, marked
 * __ML_SITE_NOFRAME, is pushed as a frame of its own, since the caller's
 * slot is its own caller's; __ml_at_call_done pops it again after a
 * report that returns. cs 0: none (a leaf out of line, whose entry did
 * it). A constant cs folds to the one or the other. */
__ML_INLINE void __ml_at_call(const struct __ml_site *cs)
{
	if (!cs)
		return;
	if (!(cs->kind & __ML_SITE_NOFRAME)) {
		__ml_at_caller(cs);
		return;
	}
	unsigned d = __ml_t.depth++;
	__ml_t.frames[d < __ML_MAX_FRAMES ? d : __ML_MAX_FRAMES - 1] = cs;
}
__ML_INLINE void __ml_at_call_done(const struct __ml_site *cs)
{
	if (cs && (cs->kind & __ML_SITE_NOFRAME))
		__ml_t.depth--;
}
/* The cleanup of such a leaf out of line: the frame its entry pushed. */
__ML_INLINE void __ml_at_call_cleanup(const struct __ml_site *const *cs)
{
	__ml_at_call_done(*cs);
}

/* An index check's failure (instrument's arrayIndex): a cold call through
 * the trampoline keeping every register, as the helpers' own (__ML_KEEP0
 * and co.), so no value of a function indexing arrays lives across it in a
 * callee-saved register or a slot of its frame only for it (zlib's
 * trees.c, whose loops index the state's arrays, kept most of its live
 * values so). Optimising only: unoptimised, the call is made as it is. */
__ML_INLINE void __ml_index_fail(const struct __ml_array *arr, __ml_uptr index, __ml_uptr base,
                                 const struct __ml_site *site, int write)
{
	__ML_KEEP5_VOID(__ml_report_index, arr, index, base, site, write);
}

/* A static local's meta, *g, registered when control first reaches its
 * declaration (instrument's staticLocals, optimising): the same cold call
 * through the trampoline, so the function's parameters, live across it at
 * its start, need no callee-saved register (zlib's inflate_table). */
__ML_INLINE __ml_meta_t __ml_static_local(__ml_meta_t *g, const void *base, __ml_uptr size,
                                          const struct __ml_site *decl)
{
	__ml_meta_t m = *g;
	if (__ML_UNLIKELY(m == 1UL)) {
		__ML_KEEP3(m, __ml_register_global, base, size, decl);
		*g = m;
	}
	return m;
}

/* Check an access of nw bytes (| __ML_WRITE for a write) at address a
 * through a pointer with meta m. A write also fails on a read-only
 * object's generation, unless | __ML_WRITABLE says a write check through m
 * passed already. */
#define __ML_WRITABLE ((__ml_uptr)1 << 62)
/* | __ML_ALONE: the checked address serves the access alone (a scalar's:
 * no shadow to read or write through it after the check). */
#define __ML_ALONE ((__ml_uptr)1 << 61)
#define __ML_NW_FLAGS (__ML_WRITE | __ML_WRITABLE | __ML_ALONE)
#ifdef __ML_ASM
/* The record's address is an input (__ml_rec_of): gcc shares it between
 * the checks through one meta and hoists it out of loops. The meta is
 * compared whole with the record's slot and generation, so no register
 * holds the generation; the read-only test reads the record's, which is
 * the meta's once the generation test passed (or an earlier check proved
 * the block alive). A failed test jumps to __ML_BAD. */
#define __ML_TEST_RO   "cmpw $-1, 20(%[r])\n\tje " __ML_BAD "\n\t"    /* read-only */
#define __ML_TEST_GEN  "cmpq %[m], 16(%[r])\n\tjne " __ML_BAD "\n\t"
#define __ML_TEST_BASE "cmpq (%[r]), %[a]\n\tjb " __ML_BAD "\n\t"  /* a < base */
#define __ML_TEST_END  "movq %[a], %[t]\n\taddq %[n], %[t]\n\t" \
                       "cmpq 8(%[r]), %[t]\n\tja " __ML_BAD "\n\t"   /* a + n > end */
/* The same for a constant n (every access but a VLA's): one lea instead of
 * the mov and add, in the same temporary, so no register more is used. */
#define __ML_TEST_END_CONST "leaq %c[n](%[a]), %[t]\n\t" \
                            "cmpq 8(%[r]), %[t]\n\tja " __ML_BAD "\n\t"
#ifdef __ML_STUB
/* The stub (stubs.c's layout): 8 is the check's end, 9 its stub; w is
 * "1" for a write. The pending site ps is mostly a constant, which only
 * the stub uses: an immediate operand ("i", a site's address: %a prints
 * it rip-relative) the stub pushes through rax, which it gives back, so
 * no lea of it runs on the hot path; else a register, pushed the same way. */
#define __ML_BAD "9f"
#define __ML_PUSH_ADDR(x) "pushq %%rax\n\tleaq " x ", %%rax\n\txchgq %%rax, (%%rsp)\n\t"
/* The end of a check's stub (stubs.c's layout): the call of the failure
 * routine, the jump back to the check's end (8), and the data the routine
 * reads after its return address: the site, whether the access writes
 * (w), and a direct leaf's call site (at = _at). */
#define __ML_CHK_STUB_END(w, at)                                              \
	__ML_ASM_CALL(__ML_CHK_FAIL##at)                                      \
	".byte 0xe9\n\t.long 8b - . - 4\n\t" /* jmp 8b */                    \
	".long %c[site] - .\n\t"                                             \
	".byte " w "\n\t" __ML_CS_DATA##at                                   \
	".popsection"
#define __ML_CHK_ASM(tests, w, nc, at)                                         \
	__asm__ volatile(tests "\n8:\n"                                           \
	                 ".pushsection .text.unlikely.__ml_stubs,\"ax\",@progbits\n" \
	                 "9:\tleaq -128(%%rsp), %%rsp\n\t"                        \
	                 __ML_PV_PUSH##at                                          \
	                 "pushq %[m]\n\tpushq %[a]\n\tpushq %[n]\n\t"            \
	                 __ML_CHK_STUB_END(w, at)                                    \
	                 : [t] "=&r"(t)                                            \
	                 : [a] "r"(a), [r] "r"(r), [n] nc(n), [m] "r"(m),               \
	                   [site] "i"(site), __ML_PV_OPERANDS##at                  \
	                   __ML_CS_OPERAND##at                                     \
	                 : "cc")
/* A direct leaf's check (the _at forms) has cs in its stub's data, for
 * __ml_chk_fail_at (stubs.c): its distance from the check's site, 0 for
 * none. A constant either way (cs is, or 0): data, not instructions, which
 * gcc would count against inlining the leaf. */
/* An address that serves its access alone (__ML_ALONE), with a constant n:
 * the end test adds n to a in place ("+&r": no temporary, an
 * early-clobbered register fewer where checks crowd) and the check returns
 * a - n, which gcc folds into the access's displacement. The stub gives a
 * its sum on every path (9: an earlier test failed, 7: the end test did)
 * and pushes the address itself. */
#define __ML_TEST_END_IN_PLACE "leaq %c[n](%[a]), %[a]\n\t" \
                               "cmpq 8(%[r]), %[a]\n\tja 7f\n\t"
#define __ML_CHK_ASM_IN_PLACE(tests, w, nc, at)                                \
	__asm__ volatile(tests __ML_TEST_END_IN_PLACE "\n8:\n"                  \
	                 ".pushsection .text.unlikely.__ml_stubs,\"ax\",@progbits\n" \
	                 "9:\tleaq %c[n](%[a]), %[a]\n"                          \
	                 "7:\tleaq -128(%%rsp), %%rsp\n\t"                        \
	                 __ML_PV_PUSH##at                                          \
	                 "pushq %[m]\n\tpushq %[a]\n\tsubq %[n], (%%rsp)\n\tpushq %[n]\n\t" \
	                 __ML_CHK_STUB_END(w, at)                                    \
	                 : [a] "+&r"(a)                                            \
	                 : [r] "r"(r), [n] nc(n), [m] "r"(m),                       \
	                   [site] "i"(site), __ML_PV_OPERANDS##at                  \
	                   __ML_CS_OPERAND##at                                     \
	                 : "cc")
#define __ML_CS_DATA
#define __ML_CS_DATA_at ".long (%c[cs]) - (%c[site])\n"
#define __ML_CS_DATA_tw
#define __ML_CS_OPERAND
#define __ML_CS_OPERAND_at , [cs] "i"(cs ? cs : site)
#define __ML_CS_OPERAND_tw
#define __ML_CHK_FAIL "__ml_chk_fail"
#define __ML_CHK_FAIL_at "__ml_chk_fail_at"
#define __ML_CHK_FAIL_tw "__ml_chk_fail"
/* The pointer's provenance, pushed by the stub: values, or (the _tw forms)
 * the thread's words holding them as memory operands, which only the stub
 * reads, so no register holds them at the check (their addresses are
 * the thread pointer's, never rsp's, which the stub moves first). */
#define __ML_PV_PUSH "pushq %[pw]\n\t" __ML_PUSH_ADDR("%a[ps]")
#define __ML_PV_PUSH_at __ML_PV_PUSH
#define __ML_PV_PUSH_tw "pushq %[pw]\n\tpushq %[ps]\n\t"
#define __ML_PV_OPERANDS [ps] "ri"(ps), [pw] "re"(pw)
#define __ML_PV_OPERANDS_at __ML_PV_OPERANDS
#define __ML_PV_OPERANDS_tw [ps] "m"(*ps), [pw] "m"(*pw)
#define __ML_CHK_SLOW(at)
#else
#define __ML_BAD "%l[bad]"
#define __ML_CHK_ASM(tests, w, nc, at)                                        \
	__asm__ volatile goto(tests                                           \
	             : [t] "=&r"(t)                                           \
	             : [a] "r"(a), [r] "r"(r), [n] nc(n), [m] "r"(m)          \
	             : "cc"                                                   \
	             : bad)
#define __ML_CHK_SLOW(at)                                                     \
	return a;                                                             \
bad: __ML_COLD_LABEL;                                                         \
	__ML_CS_STORE##at                                                     \
	__ml_report_access((const void *)a, m, nw & ~(__ML_WRITABLE | __ML_ALONE), site, __ML_PV##at); \
	__ML_CS_DONE##at
#endif
#define __ML_CHK_WAYS_OF(chk_asm, tests, nc, at)                              \
	if (ro)                                                               \
		chk_asm(__ML_TEST_RO tests, "1", nc, at);                     \
	else if (nw & __ML_WRITE)                                             \
		chk_asm(tests, "1", nc, at);                                  \
	else                                                                  \
		chk_asm(tests, "0", nc, at);
#define __ML_CHK_WAYS(tests, nc, at) __ML_CHK_WAYS_OF(__ML_CHK_ASM, tests, nc, at)
#ifdef __ML_STUB
#define __ML_IN_PLACE(nw) ((nw) & __ML_ALONE)
#define __ML_CHK_IN_PLACE(tests, at)                                          \
	__ML_CHK_WAYS_OF(__ML_CHK_ASM_IN_PLACE, tests, "e", at)               \
	return a - n;
#else
#define __ML_IN_PLACE(nw) 0
#define __ML_CHK_IN_PLACE(tests, at)
#endif
/* tests, then the end test if end: by lea when gcc knows n. */
#define __ML_CHK_BODY(tests, end, c_tests, at, rec)                           \
	int ro = (nw & (__ML_WRITE | __ML_WRITABLE)) == __ML_WRITE;           \
	__ml_uptr n = nw & ~__ML_NW_FLAGS;                                    \
	const struct __ml_rec *r = rec(m);                                    \
	__ml_uptr t;                                                          \
	if (!(end)) {                                                         \
		__ML_CHK_WAYS(tests, "er", at)                                \
	} else if (__builtin_constant_p(n) && __ML_IN_PLACE(nw)) {            \
		__ML_CHK_IN_PLACE(tests, at)                                  \
	} else if (__builtin_constant_p(n)) {                                 \
		__ML_CHK_WAYS(tests __ML_TEST_END_CONST, "e", at)             \
	} else {                                                              \
		__ML_CHK_WAYS(tests __ML_TEST_END, "er", at)                  \
	}                                                                     \
	__ML_CHK_SLOW(at);                                                    \
	return a
#else
#define __ML_CHK_BODY(tests, end, c_tests, at, rec)                           \
	int ro = (nw & (__ML_WRITE | __ML_WRITABLE)) == __ML_WRITE;           \
	__ml_uptr n = nw & ~__ML_NW_FLAGS;                                    \
	const struct __ml_rec *r = rec(m);                                    \
	if (__ML_LIKELY((c_tests) & !(ro & ((unsigned short)(m >> 32) == __ML_GEN_READONLY)))) \
		return a;                                                     \
	__ML_CS_STORE##at                                                     \
	__ml_report_access((const void *)a, m, nw & ~(__ML_WRITABLE | __ML_ALONE), site, __ML_PV##at); \
	__ML_CS_DONE##at                                                      \
	return a
#endif
/* Without the stubs, a direct leaf's check stores cs itself. */
#define __ML_CS_STORE
#define __ML_CS_STORE_at __ml_at_call(cs);
#define __ML_CS_STORE_tw
#define __ML_CS_DONE
#define __ML_CS_DONE_at __ml_at_call_done(cs);
#define __ML_CS_DONE_tw
/* The provenance reported: the values, or what the words hold. */
#define __ML_PV ps, pw
#define __ML_PV_at __ML_PV
#define __ML_PV_tw *ps, *pw
/* Called only by the stubs of checks, loads and steps, with stubs.c's convention. */
void __ml_chk_fail(void) __ML_NOTHROW;
void __ml_chk_fail_at(void) __ML_NOTHROW;
void __ml_ld_fail(void) __ML_NOTHROW;
void __ml_ld_fail_full(void) __ML_NOTHROW;
void __ml_step_fail(void) __ML_NOTHROW;
/* The address comes last: gcc evaluates a call's arguments last first, so
 * unoptimised instrumented code can pass the address's computation, which
 * sets the meta and provenance passed before it (instrument's
 * checkedPlace). A check returns the address. */
#define __ML_CHK_ARGS __ml_meta_t m, __ml_uptr nw, const struct __ml_site *site, \
                      const struct __ml_site *ps, __ml_prov_t pw, __ml_uptr a
#define __ML_CHK_ARGS_TW __ml_meta_t m, __ml_uptr nw, const struct __ml_site *site, \
                         const struct __ml_site *const *ps, const __ml_prov_t *pw, __ml_uptr a
/* A check, and its _at form in a direct leaf function, which passes its
 * caller's call site cs (0 when the leaf stored it on entry): the caller
 * stored none (instrument's callSite), so a failing check stores it in
 * the caller's frame slot before reporting. The _tw form reads the
 * provenance from the words at ps and pw as memory operands; _tv loads
 * them as values, for side words whose frame's top is a variable
 * (instrument's sideFrame.rename), where gcc hoists the words' addresses
 * out of the loops as invariants and spills them. The _sr forms take the
 * record from __ml_rec_of_shared (a loop's checks). */
#define __ML_CHK_FN_REC(name, tests, end, c_tests, rec)                       \
	__ML_INLINE __ml_uptr name(__ML_CHK_ARGS)                             \
	{                                                                     \
		__ML_CHK_BODY(tests, end, c_tests, , rec);                    \
	}                                                                     \
	__ML_INLINE __ml_uptr name##_at(__ML_CHK_ARGS, const struct __ml_site *cs) \
	{                                                                     \
		__ML_CHK_BODY(tests, end, c_tests, _at, rec);                 \
	}                                                                     \
	__ML_INLINE __ml_uptr name##_tw(__ML_CHK_ARGS_TW)                     \
	{                                                                     \
		__ML_CHK_BODY(tests, end, c_tests, _tw, rec);                 \
	}                                                                     \
	__ML_INLINE __ml_uptr name##_tv(__ML_CHK_ARGS_TW)                     \
	{                                                                     \
		return name(m, nw, site, *ps, *pw, a);                        \
	}
#define __ML_CHK_FN(name, tests, end, c_tests)                                \
	__ML_CHK_FN_REC(name, tests, end, c_tests, __ml_rec_of)               \
	__ML_CHK_FN_REC(name##_sr, tests, end, c_tests, __ml_rec_of_shared)
__ML_CHK_FN(__ml_chk, __ML_TEST_GEN __ML_TEST_BASE, 1,
            (r->slot == (unsigned)m) & (r->gen == (unsigned)(m >> 32)) & (a >= r->base) & (a + n <= r->end))
/* The same when the checks that passed before it prove part of it
 * (instrument/avail.go): the block is alive (no generation test), and the
 * access starts at or above its base (__ml_chk_end), ends at or below its
 * end (__ml_chk_base), neither (__ml_chk_range), or both, so only a
 * write's read-only test is due (__ml_chk_ro). */
__ML_CHK_FN(__ml_chk_range, __ML_TEST_BASE, 1, (a >= r->base) & (a + n <= r->end))
__ML_CHK_FN(__ml_chk_end, "", 1, a + n <= r->end)
__ML_CHK_FN(__ml_chk_base, __ML_TEST_BASE, 0, a >= r->base)
__ML_CHK_FN(__ml_chk_ro, "", 0, 1)
/* Would __ml_chk pass an access of n bytes at a through m (a write when
 * write)? A fixed-size memcpy, memmove or memset is then made inline
 * (instrument/call.go's fixedCall); otherwise the runtime's replacement
 * checks it and reports, as for any other length. */
__ML_INLINE int __ml_fits(__ml_uptr a, __ml_meta_t m, __ml_uptr n, int write)
{
	const struct __ml_rec *r = __ml_rec_of(m);
	return (*(const __ml_uptru *)&r->slot == m) & (a >= r->base) & (a + n <= r->end) &
	       !(write & ((unsigned short)(m >> 32) == __ML_GEN_READONLY));
}

/* The length of the string at s, of meta m, when its NUL lies in its live
 * block and in the aligned word holding s, else (__ml_uptr)-1: a strlen
 * in a loop made inline (instrument's fixedCall), where most strings are
 * short; the replacement scans any other, and checks and reports. The
 * word is read whole (it lies in one page), the bytes before s and past
 * the block dropped. __ml_fits's test is written out, not called: the
 * record's address (an asm) would be computed twice (hash +0.9% Ir). */
__ML_INLINE __ml_uptr __ml_strlen_short(__ml_uptr s, __ml_meta_t m)
{
	const struct __ml_rec *r = __ml_rec_of(m);
	__ml_uptr w, zero, in = 8 - (s & 7);
	if (!((*(const __ml_uptru *)&r->slot == m) & (s >= r->base) & (s < r->end)))
		return (__ml_uptr)-1;
	if (r->end - s < in)
		in = r->end - s;
	w = *(const __ml_uptru *)(s & ~(__ml_uptr)7) >> (8 * (s & 7));
	zero = (w - 0x0101010101010101UL) & ~w & 0x8080808080808080UL; /* exact up to the first zero */
	if (in < 8)
		zero &= ((__ml_uptr)1 << (8 * in)) - 1;
	return zero ? (__ml_uptr)__builtin_ctzl(zero) / 8 : (__ml_uptr)-1;
}

/* The ring of steps of value propagation (explain.c), at a fixed
 * address, of 16-byte slots: a step into no memory (an assignment, an
 * argument, a return: most steps) takes one; a step into memory and two
 * steps in one (__ml_pend2) take two, the second a struct __ml_step_more.
 * Its size in slots, a power of two, is the explain_ring option. A step's
 * id word (id << 16 | thread << 1 | 1) is not stored: its id's low bits
 * are the slot's place, its thread and two bits of its lap around the
 * ring (what tells an overwritten slot) are the head's high bits. */
struct __ml_step {
	__ml_uptr head;   /* the statement (what received the value) | __ML_STEP_TWO | __ML_STEP_MORE | the thread's mark */
	__ml_prov_t prev; /* the word of the value it carried */
};
struct __ml_step_more {
	__ml_uptr dst;     /* a store or copy: the slot written; two steps: the older one's site */
	__ml_meta_t meta;  /* a store: the value's meta (it tells apart the stores into one slot); two steps: not written */
};
#define __ML_STEP_TWO  1UL /* the head's site is the newer of two steps (sites are 8-byte aligned) */
#define __ML_STEP_MORE 2UL /* the next slot is the step's struct __ml_step_more */
#define __ML_STEPS ((struct __ml_step *)0x690000000000UL)
#define __ML_STEPS_MAX (1UL << 24) /* the largest ring (explain_ring) */
/* A step after a new chunk of ids for this thread (in a program counting
 * statements, a chunk of one step, its clock noted): site s | __ML_STEP_TWO
 * of two steps, the older one's site s2. */
__ml_prov_t __ml_step_refill(const struct __ml_site *s, __ml_uptr s2, __ml_prov_t w) __attribute__((cold, noinline)) __ML_NOTHROW;
/* Step at slot e, of id word id, head h (a site and flags) of a value
 * that came from word w: its provenance word from then on, the id word. */
__ML_INLINE __ml_prov_t __ml_step_put(struct __ml_step *e, __ml_uptr id, __ml_uptr h, __ml_prov_t w)
{
	e->head = h | __ml_t.stepmark;
	/* (volatile: gcc's SLP pass made the two stores one of a vector
	 * packed from both, four instructions instead of two) */
	*(volatile __ml_prov_t *)&e->prev = w;
	return id;
}
/* The same for a step of two slots at e (the chunk has both), its second
 * slot's dst: all two steps in one have (the runtime reads a second slot's
 * meta only of a step into memory, a head without __ML_STEP_TWO). */
__ML_INLINE __ml_prov_t __ml_step_put_two(struct __ml_step *e, __ml_uptr h, __ml_prov_t w, __ml_uptr dst)
{
	((struct __ml_step_more *)(e + 1))->dst = dst;
	/* (added, not or'd: h's bit 1 is clear, and a constant site's
	 * address plus the flag is one lea) */
	return __ml_step_put(e, ((__ml_uptr)e << 12) + __ml_t.stepbase, h + __ML_STEP_MORE, w);
}
/* A step into memory at e: its second slot (dst, m). */
__ML_INLINE __ml_prov_t __ml_step_put2(struct __ml_step *e, __ml_uptr h, __ml_prov_t w, __ml_uptr dst, __ml_meta_t m)
{
	((struct __ml_step_more *)(e + 1))->meta = m;
	return __ml_step_put_two(e, h, w, dst);
}

/* A step of undefined bytes copied (uninit.c): its meta this flag and the
 * length, its prev the source's address. */
#define __ML_STEP_UNDEF (1UL << 63)

/* Are the n bytes at a all defined, as told by at most one word of shadow
 * (n <= 8, or whole aligned words up to 64 bytes)? 0 where unsure. */
__ML_INLINE int __ml_all_defined(__ml_uptr a, __ml_uptr n)
{
	if (n <= 8)
		return __ml_undef_bits(a, n) == 0;
	if (n <= 64 && !(n & 7) && !(a & 7)) {
		unsigned long long w = 0;
		__builtin_memcpy(&w, (const void *)__ML_DEF_SHADOW(a), n >> 3);
		return w == 0;
	}
	return 0;
}

/* Have the n bytes at d and at s the same undefined bits, as told by at
 * most one word of shadow each? 0 where unsure. */
__ML_INLINE int __ml_same_bits(__ml_uptr d, __ml_uptr s, __ml_uptr n)
{
	if (n <= 8)
		return __ml_undef_bits(d, n) == __ml_undef_bits(s, n);
	if (n <= 64 && !(n & 7) && !((d | s) & 7)) {
		unsigned long long wd = 0, ws = 0;
		__builtin_memcpy(&wd, (const void *)__ML_DEF_SHADOW(d), n >> 3);
		__builtin_memcpy(&ws, (const void *)__ML_DEF_SHADOW(s), n >> 3);
		return wd == ws;
	}
	return 0;
}

/* Copy the definedness of n bytes from s to d (a copy is not a use); md
 * and ms are the metas of the objects written and read (origins move from
 * one to the other), or WILD. Undefined bytes copied are a step at site
 * (value propagation). A copy between defined bytes (most struct copies)
 * has nothing to move: no call. Nor has one within one object onto the
 * same bits (a heap's entries moving past each other's padding): no bit
 * changes and the origin stays the object's, so the copy is only its step. */
__ML_INLINE void __ml_def_copy(__ml_uptr d, __ml_uptr s, __ml_uptr n, __ml_meta_t md, __ml_meta_t ms,
                               const struct __ml_site *site)
{
	if (__ml_all_defined(s, n)) {
		if (__ml_all_defined(d, n))
			return;
	} else if (__builtin_constant_p(n) && md == ms && md != __ML_WILD && __ml_same_bits(d, s, n)) {
		/* (struct copies: memcpy's interceptor keeps its short path) */
		struct __ml_step *e = __ml_t.stepat;
		if (!site)
			return;
		if (__ML_LIKELY(e + 1 < __ml_t.stepend)) { /* (a chunk: explanations on) */
			__ml_t.stepat = e + 2;
			__ml_step_put2(e, (__ml_uptr)site, s, d, __ML_STEP_UNDEF | n);
			return;
		}
		if (!__ml_explain)
			return;
	}
	__ml_def_copy_slow(d, s, n, md, ms, site);
}
/* __ml_def_copy into an object reached through a pointer of meta md. */
__ML_INLINE void __ml_def_copy_through(__ml_uptr d, __ml_uptr s, __ml_uptr n, __ml_meta_t md, __ml_meta_t ms,
                                       const struct __ml_site *site)
{
	if (md == __ML_WILD)
		__ml_def_copy_wild(d, s, n, ms, site);
	else
		__ml_def_copy(d, s, n, md, ms, site);
}

#ifdef __ML_STUB
/* The end of __ml_pend's and __ml_pend2's asm: the entry's provenance word
 * ((e << 12) + the ring's base) into %[id], and their stub's start, where a
 * full ring gives word 0 unless explanations are on. */
#define __ML_STEP_ID_AND_STUB                                                   \
	"movq %[e], %[id]\n\t"                                                  \
	"shlq $12, %[id]\n\t"                                                   \
	"addq %[base], %[id]\n"                                                  \
	"8:\n"                                                                   \
	".pushsection .text.unlikely.__ml_stubs,\"ax\",@progbits\n"             \
	"9:\txorl %k[id], %k[id]\n\t"                                            \
	"cmpl $0, %[explain]\n\t"                                               \
	"je 8b\n\t"
#endif
/* A value whose step (site s, from word w) is pending in two variables
 * moves on: the step goes into the ring the first time, and the variables
 * say so (s = 0), so instrumented code writes
 *   (s ? (w = __ml_pend(s, w), s = 0, w) : w)
 * (the output is preprocessed: no macro of this header is left in it).
 * Its provenance word from then on: the step's. A compare and three
 * stores, inline: a call and its return cost a fifth of a step more; with
 * explanations off, two loads and two branches. */
__ML_INLINE __ml_prov_t __ml_pend(const struct __ml_site *s, __ml_prov_t w)
{
	/* A thread's chunk of ids is a run of slots, so its next slot and
	 * the id word of that slot both follow from one pointer. Only a
	 * step with explanations on takes a chunk, so the option is read
	 * only once the chunk is used up. */
	struct __ml_step *e = __ml_t.stepat;
#ifdef __ML_STUB
	/* Optimised, one asm statement whose new chunk is a stub (stubs.c):
	 * it pushes w, 0 (no older site) and s, and __ml_step_fail, which
	 * keeps every register, leaves the word __ml_step_refill gives in the
	 * last. */
	__ml_prov_t id;
	__asm__ volatile("cmpq %[end], %[e]\n\t"
	                 "je 9f\n\t"
	                 "leaq 16(%[e]), %[id]\n\t"
	                 "movq %[id], %[at]\n\t"
	                 "movq %[mark], %[id]\n\t"
	                 "orq %[s], %[id]\n\t"
	                 "movq %[id], (%[e])\n\t"
	                 "movq %[w], 8(%[e])\n\t"
	                 __ML_STEP_ID_AND_STUB
	                 __ML_FAIL3_CALL("__ml_step_fail", "%[w]", "$0", "%[s]", "%[id]")
	                 "jmp 8b\n"
	                 ".popsection"
	                 : [id] "=&r"(id), [at] "+m"(__ml_t.stepat), "=m"(*e)
	                 : [e] "r"(e), [end] "m"(__ml_t.stepend), [base] "m"(__ml_t.stepbase),
	                   [mark] "m"(__ml_t.stepmark), [explain] "m"(__ml_explain), [s] "r"(s), [w] "re"(w)
	                 : "cc");
	return id;
#else
	if (__ML_UNLIKELY(e == __ml_t.stepend))
		return __ml_explain ? __ml_step_refill(s, 0, w) : 0;
	__ml_t.stepat = e + 1;
	return __ml_step_put(e, ((__ml_uptr)e << 12) + __ml_t.stepbase, (__ml_uptr)s, w);
#endif
}
/* Step s of a value whose own step (site s2, from word w) is pending,
 * where that older step need not stay pending (a return statement, a
 * call's result assigned): both go into the ring as one entry of two
 * slots, s marked by __ML_STEP_TWO (added: it folds into s's address).
 * Its provenance word. */
__ML_INLINE __ml_prov_t __ml_pend2(const struct __ml_site *s, const struct __ml_site *s2, __ml_prov_t w)
{
	struct __ml_step *e = __ml_t.stepat;
#ifdef __ML_STUB
	/* Optimised, __ml_pend's one asm statement for the entry of two
	 * slots (s a constant site): gcc saw two tests and four blocks. The
	 * test is e + 2 > end (slots 16 bytes apart: e + 1 >= end), whose sum
	 * is the next slot. */
	__ml_prov_t id;
	__asm__ volatile("leaq 32(%[e]), %[id]\n\t"
	                 "cmpq %[end], %[id]\n\t"
	                 "ja 9f\n\t"
	                 "movq %[id], %[at]\n\t"
	                 "movq %[s2], 16(%[e])\n\t"
	                 "leaq %a[head], %[id]\n\t"
	                 "orq %[mark], %[id]\n\t"
	                 "movq %[id], (%[e])\n\t"
	                 "movq %[w], 8(%[e])\n\t"
	                 __ML_STEP_ID_AND_STUB
	                 "leaq %a[two], %[id]\n\t"
	                 __ML_FAIL3_CALL("__ml_step_fail", "%[w]", "%[s2]", "%[id]", "%[id]")
	                 "jmp 8b\n"
	                 ".popsection"
	                 : [id] "=&r"(id), [at] "+m"(__ml_t.stepat), "=m"(*(struct __ml_step(*)[2])e)
	                 : [e] "r"(e), [end] "m"(__ml_t.stepend), [base] "m"(__ml_t.stepbase),
	                   [mark] "m"(__ml_t.stepmark), [explain] "m"(__ml_explain),
	                   [two] "i"((const char *)s + __ML_STEP_TWO),
	                   [head] "i"((const char *)s + __ML_STEP_TWO + __ML_STEP_MORE), [s2] "r"(s2), [w] "re"(w)
	                 : "cc");
	return id;
#else
	if (__ML_UNLIKELY(e + 1 >= __ml_t.stepend)) {
		__ml_prov_t p = 0;
		if (__ml_explain)
			__ML_KEEP3(p, __ml_step_refill, (const struct __ml_site *)((const char *)s + __ML_STEP_TWO), (__ml_uptr)s2, w);
		return p;
	}
	__ml_t.stepat = e + 2;
	return __ml_step_put_two(e, (__ml_uptr)s + __ML_STEP_TWO, w, (__ml_uptr)s2);
#endif
}

/* Is the shadow word w (of a slot reached through a pointer with meta
 * tag) valid for the value v the slot holds, stored inside or outside its
 * block? */
__ML_INLINE int __ml_shadow_valid(__ml_meta_t w, __ml_uptr v, __ml_meta_t tag)
{
	__ml_uptr x = (w >> 48) ^ __ML_HASH16(v ^ tag);
	return (x == 0) | (x == __ML_HASH_OOB);
}

/* Forget the pointer shadow of the n bytes of the local at p (a struct
 * parameter passed a value from no object): the shadow a dead frame left
 * on those stack bytes could vouch for a pointer of the same value, an
 * earlier block freed at the same address. */
__ML_INLINE void __ml_forget_shadow(const void *p, __ml_uptr n)
{
	__ml_uptr a; /* (declared apart: the header is C89 too) */
	for (a = ((__ml_uptr)p + 7) & ~(__ml_uptr)7; a + 8 <= (__ml_uptr)p + n; a += 8)
		if (*__ML_META_SHADOW(a))
			*__ML_META_SHADOW(a) = 0;
}

/* The meta of pointer v loaded from slot (tag: the container's) when the
 * slot's shadow does not vouch for it (__ml_ld's slow path), with full
 * checking (also the runtime's, for the stubs of fully checked units). */
__ML_INLINE __ml_meta_t __ml_ld_miss_full(__ml_uptr slot, __ml_uptr v, __ml_meta_t tag)
{
	/* a slot never written holds no pointer: it belongs to no object. One
	 * written in part holds a smaller value punned through a union (libtiff
	 * keeps an int descriptor in a union's pointer member and reads it back
	 * as an int), which only its written bytes carry on */
	if (__ml_undef_bits(slot, sizeof v) == 0xff)
		return __ml_uninit_loaded(slot, tag);
	return __ml_ld_slow(slot, v, tag);
}
__ML_INLINE __ml_meta_t __ml_ld_miss(__ml_uptr slot, __ml_uptr v, __ml_meta_t tag)
{
#ifdef __ML_FULL
	return __ml_ld_miss_full(slot, v, tag);
#else
	return __ml_ld_slow(slot, v, tag);
#endif
}

#ifdef __ML_ASM
/* The tests a load and a move in place make of the slot's shadow, which
 * jump to bad where it does not vouch for v and fall through to a label 2
 * the caller writes after them; the operands are named by the caller, which
 * picks its registers: sh holds the shadow's address, w the shadow word,
 * h the hash, r the record (the load, which writes no shadow back, uses
 * one register for sh, h and r), xs the XOR. The live test compares the
 * generation, w's bits 32-47, with w rotated and rotated back (a rotate
 * leaves ZF alone) rather than in a scratch register: an early-clobbered
 * output fewer, so fewer callee-saved registers where checks crowd. */
/* The slot's shadow word into w, its address in sh. */
#define __ML_SHADOW_WORD(sh, w, xs)                                            \
	"movq %[slot], %[" sh "]\n\t"                                          \
	"andq $-8, %[" sh "]\n\t"                                              \
	"xorq %[" xs "], %[" sh "]\n\t"                                        \
	"movq " __ML_META_OFF_ASM "(%[" sh "]), %[" w "]\n\t"
/* Jump to bad unless shadow word w's hash vouches for v (h a scratch). */
#define __ML_SHADOW_HASH(w, h, bad)                                            \
	"movq %[v], %[" h "]\n\t"                                             \
	"xorq %[tag], %[" h "]\n\t"                                           \
	"imulq %[k], %[" h "]\n\t"                                            \
	"xorq %[" w "], %[" h "]\n\t"                                         \
	"shrq $48, %[" h "]\n\t"                                              \
	"jnz " bad "\n\t"
/* r = the record of the meta (or shadow word) in w. */
#define __ML_SHADOW_REC(w, r)                                                  \
	"movl %k[" w "], %k[" r "]\n\t"                                       \
	"shlq $5, %[" r "]\n\t"                                               \
	"btsq $" __ML_RECS_BIT ", %[" r "]\n\t"
#define __ML_SHADOW_TESTS(sh, w, h, r, xs, bad)                               \
	__ML_SHADOW_WORD(sh, w, xs)                                           \
	__ML_SHADOW_HASH(w, h, bad)                                           \
	__ML_SHADOW_REC(w, r)                                                 \
	"cmpq (%[" r "]), %[v]\n\t"                                           \
	"jb 1f\n\t"                                                           \
	"cmpq 8(%[" r "]), %[v]\n\t"                                          \
	"jbe 2f\n"                             /* base <= v <= end */           \
	"1:\n\t"                                                              \
	"rorq $32, %[" w "]\n\t"                                             \
	"cmpw %w[" w "], 20(%[" r "])\n\t"  /* outside a live block */        \
	"rorq $32, %[" w "]\n\t"                                             \
	"je " bad "\n"
/* The load's tests, ending with the meta in w. */
#define __ML_LD_TESTS(bad)                                                    \
	__ML_SHADOW_TESTS("t", "w", "t", "t", "x", bad)                       \
	"2:\tandq %[mask], %[w]"   /* the meta */
#define __ML_LD_OPERANDS                                                      \
	: [w] "=&r"(w), [t] "=&r"(t)                                          \
	: [slot] "r"(slot), [v] "r"(v), [tag] "r"(tag), [x] __ML_ASM_XOR,       \
	  [k] __ML_ASM_K, [mask] __ML_ASM_MASK                                  \
	: "cc"
#ifdef __ML_FULL
#define __ML_LD_FAIL "__ml_ld_fail_full"
#else
#define __ML_LD_FAIL "__ml_ld_fail"
#endif
#endif

/* Meta of the pointer value v just loaded from the slot at address slot,
 * reached through a pointer with meta tag: the shadow's, when its hash
 * matches and the value lies inside the block it names (or that block is
 * dead), or its inverted hash matches (__ml_ld_slow); otherwise
 * recomputed. Optimised, the slow path is a stub, as a check's is
 * (stubs.c): it pushes slot, v and tag, and __ml_ld_fail, which keeps
 * every register, leaves the meta in the last word for the stub to pop.
 * Its body is inlined even unoptimised, in __ml_ld_at too, which would
 * otherwise pay a second call at each load. */
static __inline__ __attribute__((always_inline, unused __ML_UNTRACKED)) __ml_meta_t __ml_ld_body(__ml_uptr slot, __ml_uptr v, __ml_meta_t tag)
{
	__ml_meta_t w;
#ifdef __ML_STUB
	__ml_uptr t;
	__asm__ volatile(__ML_LD_TESTS("9f") "\n"
	                 ".pushsection .text.unlikely.__ml_stubs,\"ax\",@progbits\n"
	                 "9:\t" __ML_FAIL3_CALL(__ML_LD_FAIL, "%[tag]", "%[v]", "%[slot]", "%[w]")
	                 "jmp 2b\n"
	                 ".popsection"
	                 __ML_LD_OPERANDS);
	return w;
#else
#ifdef __ML_ASM
	__ml_uptr t;
	__asm__ volatile goto(__ML_LD_TESTS("%l[slow]") __ML_LD_OPERANDS : slow);
	return w;
slow: __ML_COLD_LABEL;
#else
	w = *__ML_META_SHADOW(slot);
	if (__ML_LIKELY((w >> 48) == __ML_HASH16(v ^ tag))) {
		const struct __ml_rec *r = __ml_rec_of(w);
		__ml_meta_t m = w & __ML_META_MASK;
		if (__ML_LIKELY((v - r->base <= r->end - r->base) | (r->gen != (unsigned)(m >> 32))))
			return m;
	}
#endif
	return __ml_ld_miss(slot, v, tag);
#endif
}
__ML_INLINE __ml_meta_t __ml_ld(__ml_uptr slot, __ml_uptr v, __ml_meta_t tag)
{
	return __ml_ld_body(slot, v, tag);
}

/* __ml_ld of a sealed member (internal/instrument/sealed.go): a pointer
 * member of a struct whose every store the unit proves is an instrumented
 * member store, so the slot's shadow word is the one its last store wrote
 * and its hash need not vouch for v. Only the bound test remains on the
 * fast path: a value outside the block the word names (stored out of
 * bounds, dangling, or a word of the memory's earlier life left under a
 * value no store of this life wrote) takes __ml_ld's whole test, hash
 * included, and its slow path. With full checking, a word left from an
 * earlier life must also yield the slot's undefinedness, so it is __ml_ld. */
__ML_INLINE __ml_meta_t __ml_ld_sealed(__ml_uptr slot, __ml_uptr v, __ml_meta_t tag)
{
#if defined(__ML_STUB) && !defined(__ML_FULL)
	__ml_meta_t w;
	__ml_uptr t;
	__asm__ volatile(__ML_SHADOW_WORD("t", "w", "x")
	                 __ML_SHADOW_REC("w", "t")
	                 "cmpq (%[t]), %[v]\n\t"
	                 "jb 7f\n\t"
	                 "cmpq 8(%[t]), %[v]\n\t"
	                 "ja 7f\n"                                   /* base <= v <= end */
	                 "3:\tandq %[mask], %[w]\n"                  /* the meta */
	                 ".pushsection .text.unlikely.__ml_stubs,\"ax\",@progbits\n"
	                 "7:\t" __ML_SHADOW_TESTS("t", "w", "t", "t", "x", "9f") "\n"
	                 "2:\tjmp 3b\n"
	                 "9:\t" __ML_FAIL3_CALL(__ML_LD_FAIL, "%[tag]", "%[v]", "%[slot]", "%[w]")
	                 "jmp 3b\n"
	                 ".popsection"
	                 __ML_LD_OPERANDS);
	return w;
#elif defined(__ML_FULL)
	return __ml_ld_body(slot, v, tag);
#else
	__ml_meta_t w = *__ML_META_SHADOW(slot);
	const struct __ml_rec *r = __ml_rec_of(w);
	if (__ML_LIKELY(v - r->base <= r->end - r->base))
		return w & __ML_META_MASK;
	return __ml_ld_body(slot, v, tag);
#endif
}

/* Unoptimised, a pointer load as one call (instrument's load): the value
 * at slot, passed last as a check's address is, with its meta and its
 * provenance (the slot) stored through meta and prov, words of the
 * caller's side frame; no variable of the caller holds the slot's address
 * or the value, which gcc -O0 keeps in callee-saved registers. */
__ML_INLINE __ml_uptr __ml_ld_at(__ml_meta_t *meta, __ml_prov_t *prov, __ml_meta_t tag, __ml_uptr slot)
{
	__ml_uptr v = *(const __ml_uptru *)slot;
	*meta = __ml_ld_body(slot, v, tag);
	*prov = slot;
	return v;
}

/* ---- loss tracking (full checking) ----
 * Every heap block has a count of the references instrumented code holds:
 * pointer slots in memory whose shadow is valid for the value there, and
 * the companions of pointer locals (parameters included). A count that
 * drops to zero is noted (__ml_dropped) and checked when the statement
 * that dropped it is over (__ml_flush), when no temporary can still hold
 * the value: a block nobody refers to then is lost, at that statement.
 * Counts of blocks memlens cannot follow (a pointer turned into an
 * integer, handed to code memlens does not see) are pinned far from zero
 * (__ml_escape). */
/* The last reference each block lost without its count reaching zero:
 * where, and when (the thread's tick, the depth of the frame whose
 * statement it belongs to, the way). The newest of these among blocks
 * that only point to each other is the statement that cut them off.
 * when: tick << 14 | depth << 4 | way. */
struct __ml_cut {
	const struct __ml_site *site;
	__ml_uptr when;
};
/* A block's count, the sites of the stores, assignments of call results
 * and returns that named it (its names), its cut, and whether it is a live
 * heap block's, in one 64-byte line: a reference dropped reads the count
 * and stamps the cut, which in a table of their own were two cache misses
 * (tree.c's recursive insert and delete drop their parameter's at every
 * level), and whether the meta is counted is answered from the same line
 * (__ml_counted), not the record's. */
#define __ML_NAMES_MAX 7
struct __ml_refs {
	unsigned n;                     /* the count */
	unsigned named[__ML_NAMES_MAX]; /* the sites that named it, oldest first (names.c) */
	struct __ml_cut cut;            /* (cycles.c) */
	__ml_meta_t live;               /* the live heap block's meta + 1 while its
	                                 * references are counted; else 0, which no
	                                 * meta + 1 is (loss.c's ml_loss_block) */
} __attribute__((aligned(64)));
typedef char __ml_refs_is_a_line[sizeof(struct __ml_refs) == 64 ? 1 : -1];
/* Has site named the block of c already (or is its list full)? Sites
 * are kept by the low half of their address, whose bit 0 (always clear:
 * sites are aligned) marks the first as full. */
#ifdef __SSE2__
/* A block's entry (the count and its seven names) as two vectors of four,
 * compared at once: two aligned loads (entries are 64 bytes, 64 apart),
 * two compares and a byte mask without the count's four bits. */
typedef unsigned __ml_names4 __attribute__((vector_size(16), __may_alias__));
typedef char __ml_bytes16 __attribute__((vector_size(16)));
#endif
__ML_INLINE int __ml_known_name(const struct __ml_refs *c, const struct __ml_site *site)
{
	unsigned lo = (unsigned)(__ml_uptr)site;
#ifdef __SSE2__
	const __ml_names4 *v = (const __ml_names4 *)(const void *)c;
	unsigned hit = (unsigned)__builtin_ia32_pmovmskb128((__ml_bytes16)(v[0] == lo)) & ~0xfu;
	hit |= (unsigned)__builtin_ia32_pmovmskb128((__ml_bytes16)(v[1] == lo));
	return (c->named[0] & 1) | (hit != 0);
#else
	return (c->named[0] & 1) | (c->named[0] == lo) | (c->named[1] == lo) | (c->named[2] == lo) |
	       (c->named[3] == lo) | (c->named[4] == lo) | (c->named[5] == lo) | (c->named[6] == lo);
#endif
}
#define __ML_REFS        ((struct __ml_refs *)0x670000000000UL)
#define __ML_REFS_PINNED 0xc0000000u
#define __ML_CUT_DEPTH_MAX 1023u
/* How a reference was lost. */
#define __ML_LOSS_ASSIGN 0u  /* overwritten by an assignment */
#define __ML_LOSS_SCOPE  1u  /* its variable left scope */
#define __ML_LOSS_FRESH  2u  /* a new block no reference was ever kept to */
/* The block in slot s is handed on at site, which has not named it yet
 * (names.c: paper 001's "pointed to or returned by"). A call, not the
 * first free entry taken inline: at each of a fully checked unit's
 * hundreds of named stores the inline search was most of the code
 * gcc compiled for it (full -O2 compiles 15-18% fewer instructions),
 * for at most 3% of run time (list.c; tree.c and vm.c gain). */
void __ml_named(unsigned s, const struct __ml_site *site) __attribute__((noinline, cold)) __ML_NOTHROW;
/* A count reached zero (c == 0) or went below it (c == ~0u). */
void __ml_dropped(__ml_meta_t m, unsigned c, const struct __ml_site *site, unsigned how)
	__attribute__((noinline, cold)) __ML_NOTHROW;
/* Check the counts dropped to zero since the statement at site began. */
void __ml_lost_check(const struct __ml_site *site) __attribute__((noinline)) __ML_NOTHROW;
/* A borrowed parameter's reference, taken where other threads run or the
 * count is zero (__ml_borrow, __ml_borrow_held: 0 if m is no live heap
 * block's), and its drop at the parameter's end (loss.c). */
__ml_meta_t __ml_borrow_shared(__ml_meta_t m) __attribute__((noinline, cold)) __ML_NOTHROW;
void __ml_borrow_drop(__ml_meta_t m, const struct __ml_site *site) __attribute__((noinline, cold)) __ML_NOTHROW;
/* __ml_mv_still's assignment where other threads run. */
void __ml_mv_shared(__ml_meta_t old, __ml_meta_t m, const struct __ml_site *site, const struct __ml_site *name)
	__attribute__((noinline, cold)) __ML_NOTHROW;
/* A frame returns to depth d with counts dropped to zero unchecked: they
 * are the caller's statement's now (a result in flight). */
void __ml_lost_leave(unsigned d) __attribute__((noinline, cold)) __ML_NOTHROW;
/* The block of m is no longer followed (its pointer became an integer). */
void __ml_escape(__ml_meta_t m) __ML_NOTHROW;

/* Is m the meta of a live heap block whose references are counted? Its
 * line's live word says so (m + 1, from the block's making to its free):
 * one compare in the line the count is in, where the record's generation
 * and kind were a second line each reference taken or dropped read. */
__ML_INLINE int __ml_counted(__ml_meta_t m)
{
	/* A meta the compiler knows to lie below the first slot (NULL's, a
	 * never-assigned pointer's) is no heap block's: no line is read. */
	if (__builtin_constant_p((unsigned)m < __ML_FIRST_SLOT) && (unsigned)m < __ML_FIRST_SLOT)
		return 0;
	return __ML_REFS[(unsigned)m].live == m + 1;
}

/* The live heap block in slot s is named at site (0: by no site). */
__ML_INLINE void __ml_name_at(unsigned s, const struct __ml_site *site)
{
	if (site && __ML_UNLIKELY(!__ml_known_name(&__ML_REFS[s], site)))
		__ml_named(s, site);
}

/* A count goes up by one, or down by one (its new value), atomically
 * where other threads run (__ml_mt). Optimised, one asm statement whose
 * atomic form is a stub: gcc sees no branch on __ml_mt at each of a fully
 * checked unit's references taken and dropped (Lua's lparser.c: ~900). */
__ML_INLINE void __ml_count_up(unsigned *c)
{
#ifdef __ML_STUB
	__asm__("cmpl $0, %[mt]\n\t"
	        "jne 9f\n\t"
	        "addl $1, %[n]\n"
	        "8:\n"
	        ".pushsection .text.unlikely.__ml_stubs,\"ax\",@progbits\n"
	        "9:\tlock addl $1, %[n]\n\t"
	        "jmp 8b\n"
	        ".popsection"
	        : [n] "+m"(*c)
	        : [mt] "m"(__ml_mt)
	        : "cc");
#else
	if (__ML_UNLIKELY(__ml_mt))
		__atomic_fetch_add(c, 1u, __ATOMIC_RELAXED);
	else
		++*c;
#endif
}
__ML_INLINE unsigned __ml_count_down(unsigned *c)
{
#ifdef __ML_STUB
	unsigned v;
	__asm__("cmpl $0, %[mt]\n\t"
	        "jne 9f\n\t"
	        "movl %[n], %[v]\n\t"
	        "subl $1, %[v]\n\t"
	        "movl %[v], %[n]\n"
	        "8:\n"
	        ".pushsection .text.unlikely.__ml_stubs,\"ax\",@progbits\n"
	        "9:\tmovl $-1, %[v]\n\t"
	        "lock xaddl %[v], %[n]\n\t"
	        "subl $1, %[v]\n\t"
	        "jmp 8b\n"
	        ".popsection"
	        : [v] "=&r"(v), [n] "+m"(*c)
	        : [mt] "m"(__ml_mt)
	        : "cc");
	return v;
#else
	return __ML_UNLIKELY(__ml_mt) ? __atomic_sub_fetch(c, 1u, __ATOMIC_RELAXED) : --*c;
#endif
}

/* A new reference to the block of m, made at site (0: a copy memlens
 * makes, which gives the block no name). */
__ML_INLINE void __ml_ref(__ml_meta_t m, const struct __ml_site *site)
{
	if (__ml_counted(m)) {
		__ml_count_up(&__ML_REFS[(unsigned)m].n);
		__ml_name_at((unsigned)m, site);
	}
}

/* The meta each site was last given to name: a site naming the same
 * block again (a pointer moved in place, a return in a loop) is known
 * there without the block's record and names. A block's names are only
 * added to while its generation lasts, so the memo stays true until the
 * slot's generation comes round again (65535 reuses). Each unit with full
 * checking keeps a word a site beside its sites' table (instrument's
 * __ml_name_memos) and defines __ml_site_memo, the word of its site s: a
 * constant where s is, so the test is one compare of memory (the table
 * of sites hashed by address it replaced took nine instructions a test).
 * A word is read and written whole, so other threads and signal handlers
 * only ever find a meta some site named. Code without it (the runtime)
 * passes no word. */
/* A counted block's new name at site: __ml_name past its memo. */
__ML_INLINE void __ml_name_block(__ml_meta_t m, const struct __ml_site *site)
{
	if (__ml_counted(m))
		__ml_name_at((unsigned)m, site);
}
/* __ml_name without a memo (names.c). */
void __ml_name_slow(__ml_meta_t m, const struct __ml_site *site) __attribute__((noinline)) __ML_NOTHROW;
#ifdef __ML_FULL
static __inline__ __attribute__((always_inline, unused)) __ml_meta_t *__ml_site_memo(const struct __ml_site *s);
#endif

/* The block of m is returned, or moved in place, by the statement at site. */
__ML_INLINE void __ml_name(__ml_meta_t m, const struct __ml_site *site)
{
#ifdef __ML_FULL
	__ml_meta_t *e = __ml_site_memo(site);
	if (__ML_UNLIKELY(!e))
		__ml_name_slow(m, site);
	else if (__ML_UNLIKELY(__atomic_load_n(e, __ATOMIC_RELAXED) != m)) {
		/* inline: a recursive return names another block each time
		 * (tree.c's rebalance), where a call cost its spills */
		__ml_name_block(m, site);
		__atomic_store_n(e, m, __ATOMIC_RELAXED);
	}
#else
	__ml_name_slow(m, site);
#endif
}

/* A reference to the live heap block of m (__ml_counted) is lost, at
 * site, the way how says. */
__ML_INLINE void __ml_unref_counted(__ml_meta_t m, const struct __ml_site *site, unsigned how)
{
	unsigned v = __ml_count_down(&__ML_REFS[(unsigned)m].n);
	if (__ML_UNLIKELY(v + 1u < 2u)) {
		__ml_dropped(m, v, site, how);
	} else {
		struct __ml_cut *k = &__ML_REFS[(unsigned)m].cut;
		unsigned d = __ml_t.depth < __ML_CUT_DEPTH_MAX ? __ml_t.depth : __ML_CUT_DEPTH_MAX;
		k->site = site;
		k->when = ++__ml_t.ticks << 14 | d << 4 | how;
	}
}

/* __ml_unref_counted out of line, the unit's one copy: a very large
 * function (instrument's farDrops: Lua's luaV_execute) keeps only the test
 * that the block is counted inline. Inline, the drop (its count, the cut's
 * stamp) was a fifth of lvm.c's fully checked code, whose compile time
 * grows faster than the function; a small function keeps it inline, where
 * its calls would cost (tree 20000 +1.7% Ir for its cleanups alone). */
static __attribute__((noinline, unused)) void __ml_unref_far(__ml_meta_t m, const struct __ml_site *site, unsigned how)
{
	__ml_unref_counted(m, site, how);
}

/* A reference to the block of m is lost, at site, the way how says; far:
 * dropped by a call (__ml_unref_far). */
__ML_INLINE void __ml_unref_in(__ml_meta_t m, const struct __ml_site *site, unsigned how, int far)
{
	if (__ml_counted(m)) {
		if (far)
			__ml_unref_far(m, site, how);
		else
			__ml_unref_counted(m, site, how);
	}
}
__ML_INLINE void __ml_unref(__ml_meta_t m, const struct __ml_site *site, unsigned how)
{
	__ml_unref_in(m, site, how, 0);
}

/* A pointer local's companion old is assigned m at site: its new meta
 * (name: site, if the local names the block; else 0). A value of the
 * block it held already (a cursor stepping through an array, pc = f(pc))
 * leaves the count alone: the reference taken and the one dropped are the
 * same block's, which loses nothing (no cut stamped). */
__ML_INLINE __ml_meta_t __ml_mv_in(__ml_meta_t old, __ml_meta_t m, const struct __ml_site *site,
                                   const struct __ml_site *name, int far)
{
	if (old == m) {
		if (name)
			__ml_name(m, name);
		return m;
	}
	__ml_ref(m, name);
	__ml_unref_in(old, site, __ML_LOSS_ASSIGN, far);
	return m;
}
__ML_INLINE __ml_meta_t __ml_mv(__ml_meta_t old, __ml_meta_t m, const struct __ml_site *site,
                                const struct __ml_site *name)
{
	return __ml_mv_in(old, m, site, name, 0);
}

/* A reference to the block of m is taken at site, whose name it gets: the
 * one a callee handed over when handed (no new one), else a new one. */
__ML_INLINE void __ml_take(__ml_meta_t m, const struct __ml_site *site, int handed)
{
	if (!handed)
		__ml_ref(m, site);
	else if (__ml_counted(m))
		__ml_name_at((unsigned)m, site);
}

/* The reference a callee handed over for m is dropped at site, where the
 * block is held already: the holder's own stays, so the count stays above
 * zero, and no cut is stamped (the block lost no holder). */
__ML_INLINE void __ml_drop_handed(__ml_meta_t m, const struct __ml_site *site)
{
	if (__ml_counted(m)) {
		unsigned v = __ml_count_down(&__ML_REFS[(unsigned)m].n);
		if (__ML_UNLIKELY(v + 1u < 2u))
			__ml_dropped(m, v, site, __ML_LOSS_ASSIGN);
	}
}

/* __ml_mv of m, a call's result, where the callee handed its reference
 * over (handed: instrument's __ml_hands_NAME, a constant): the local takes
 * that reference instead of a new one. A value of the block the local held
 * already drops the one handed, which leaves the local's own: no count
 * reaches zero there, and no cut is stamped, as __ml_mv stamps none. */
__ML_INLINE __ml_meta_t __ml_mv_handed(__ml_meta_t old, __ml_meta_t m, const struct __ml_site *site,
                                       const struct __ml_site *name, int handed)
{
	if (!handed)
		return __ml_mv(old, m, site, name);
	if (old == m) {
		if (name)
			__ml_name(m, name);
		__ml_drop_handed(m, site);
		return m;
	}
	__ml_take(m, name, 1);
	__ml_unref(old, site, __ML_LOSS_ASSIGN);
	return m;
}

/* A parameter's companion starts with meta m. (Parameters do not name
 * blocks: one passed to helpers would have each helper's parameter among
 * its names, and a call to name them.) */
__ML_INLINE __ml_meta_t __ml_refd(__ml_meta_t m)
{
	__ml_ref(m, 0);
	return m;
}

/* A parameter of a still function (one that cannot lower a count while it
 * runs, instrument's still.go) is passed meta m: it takes a reference only
 * where the count is zero (a value in flight in the caller's statement,
 * which the parameter's end then drops as it would have) or other threads
 * may drop one meanwhile. Returns the meta to drop at the end (0: none). */
__ML_INLINE __ml_meta_t __ml_borrow(__ml_meta_t m)
{
	/* The count first, then the live word (both in the block's line):
	 * most borrows find a count above zero and end at one compare. A meta
	 * known to lie below the first slot is no heap block's: no line read. */
	if (__builtin_constant_p((unsigned)m < __ML_FIRST_SLOT) && (unsigned)m < __ML_FIRST_SLOT)
		return 0;
	if ((__ML_UNLIKELY(__ml_mt) || __ML_REFS[(unsigned)m].n == 0) && __ml_counted(m))
		return __ml_borrow_shared(m);
	return 0;
}

/* A parameter of a still function every call passes a value held
 * elsewhere while it runs (a variable, or memory: instrument's
 * findHeldArgs) finds the count above zero, or the block held by memory
 * the loss check searches: it takes a reference only where other threads
 * may drop the holder's meanwhile. */
__ML_INLINE __ml_meta_t __ml_borrow_held(__ml_meta_t m)
{
	if (__ML_UNLIKELY(__ml_mt))
		return __ml_borrow_shared(m);
	return 0;
}

/* The cleanup of a borrowed parameter (__ml_borrow's meta, 0: nothing to
 * drop): it leaves scope at the return statement being executed. The drop
 * is out of line: a borrow that took a reference is the exception, and
 * inlined it made every small still function too big to inline. This
 * cleanup and __ml_still_drop read their variable through a plain
 * pointer, so gcc keeps it where it likes (a register, or a constant 0 on
 * the path that took no reference): a still function calls no setjmp
 * (instrument's stillCall), so its variables are never volatile. */
__ML_INLINE void __ml_borrow_end(const __ml_meta_t *m)
{
	if (__ML_UNLIKELY(*m != 0))
		__ml_borrow_drop(*m, __ml_t.xsite);
}

/* A pointer variable of a still function (instrument's still.go:
 * uncountedPointer) is assigned m at site (name: as __ml_mv's). Every
 * value it can hold is held elsewhere while the function runs, so it
 * counts a reference only where other threads run (they may drop the
 * holder's meanwhile), out of line: then its variable's cleanup is
 * __ml_still_drop, and a parameter's companion starts with its own
 * reference (__ml_still_param). */
__ML_INLINE __ml_meta_t __ml_mv_still(__ml_meta_t old, __ml_meta_t m, const struct __ml_site *site,
                                      const struct __ml_site *name)
{
	if (__ML_UNLIKELY(__ml_mt))
		__ml_mv_shared(old, m, site, name);
	else if (name)
		__ml_name(m, name);
	return m;
}

__ML_INLINE __ml_meta_t __ml_still_param(__ml_meta_t m)
{
	if (__ML_UNLIKELY(__ml_mt))
		__ml_borrow_shared(m);
	return m;
}

__ML_INLINE void __ml_still_drop(const __ml_meta_t *m)
{
	if (__ML_UNLIKELY(__ml_mt))
		__ml_borrow_drop(*m, __ml_t.xsite);
}

/* A still function's pointer local leaves scope at its closing brace. */
__ML_INLINE void __ml_still_block_drop(volatile __ml_meta_t *m, const struct __ml_site *site)
{
	if (__ML_UNLIKELY(__ml_mt)) {
		__ml_borrow_drop(*m, site);
		*m = 0;
	}
}

/* The cleanup of a pointer local's companion: the local leaves scope, at
 * the return statement being executed (or the function's end). Read as
 * volatile: the companion stays in memory, where a siglongjmp out of a
 * fault's signal handler finds its last value as the unwinding runs this
 * cleanup (bugs/loss_siglongjmp_from_handler); the drop takes the value,
 * so a landing pad's call of it does not take the companion's address
 * (which kept it out of registers: tree 20000 +0.4% Ir). */
__ML_CLEANUP void __ml_scope_unref(__ml_meta_t m)
{
	__ml_unref(m, __ml_t.xsite, __ML_LOSS_SCOPE);
}
__ML_INLINE void __ml_scope_drop(const volatile __ml_meta_t *m)
{
	__ml_scope_unref(*m);
}

/* A block's pointer local leaves scope at its closing brace (site). */
__ML_INLINE void __ml_block_drop(volatile __ml_meta_t *m, const struct __ml_site *site)
{
	__ml_unref(*m, site, __ML_LOSS_SCOPE);
	*m = 0;
}

/* __ml_mv, __ml_scope_drop and __ml_block_drop in a very large function
 * (instrument's farDrops): their drops are calls (__ml_unref_far). */
__ML_INLINE __ml_meta_t __ml_mv_far(__ml_meta_t old, __ml_meta_t m, const struct __ml_site *site,
                                    const struct __ml_site *name)
{
	return __ml_mv_in(old, m, site, name, 1);
}
__ML_CLEANUP void __ml_scope_unref_far(__ml_meta_t m)
{
	__ml_unref_in(m, __ml_t.xsite, __ML_LOSS_SCOPE, 1);
}
__ML_INLINE void __ml_scope_drop_far(const volatile __ml_meta_t *m)
{
	__ml_scope_unref_far(*m);
}
__ML_INLINE void __ml_block_drop_far(volatile __ml_meta_t *m, const struct __ml_site *site)
{
	__ml_unref_in(*m, site, __ML_LOSS_SCOPE, 1);
	*m = 0;
}

#ifdef __ML_STUB
/* A stub's cold call of fn(w0) through its trampoline fn_keep, which keeps
 * every register: w0 pushed last of the five words, the result dropped. */
#define __ML_KEEP1_STUB_CALL(fn, push_w0)                                     \
	"leaq -128(%%rsp), %%rsp\n\t"                                        \
	"pushq $0\n\tpushq $0\n\tpushq $0\n\tpushq $0\n\t" push_w0           \
	__ML_ASM_CALL(fn "_keep")                                              \
	"leaq 168(%%rsp), %%rsp\n\t"
/* The test of a count dropped to zero and unchecked (__ml_t.lost), in one
 * asm statement whose call is a stub: in a fully checked unit, where every
 * statement that may drop a reference ends with one (vm.c: 165), the C
 * test's branch and call were a basic block and a call clobbering the
 * caller-saved registers each, which gcc compiled for paths taken about
 * once a run (tree, list). The "memory" clobber keeps the program's stores
 * before it: the check searches memory for uncounted copies of a pointer. */
#define __ML_LOST_STUB(fn, push_w0, w0_operand, ...)                               \
	__asm__ volatile("cmpl $0, %[lost]\n\t"                                \
	                 "jne 9f\n"                                              \
	                 "8:\n"                                                  \
	                 ".pushsection .text.unlikely.__ml_stubs,\"ax\",@progbits\n" \
	                 "9:\t" __ML_KEEP1_STUB_CALL(fn, push_w0)               \
	                 "jmp 8b\n"                                              \
	                 ".popsection"                                           \
	                 : [lost] "+m"(__ml_t.lost)                               \
	                 : w0_operand                                            \
	                 : __VA_ARGS__)
#endif

/* The end of a statement that may have dropped references. */
__ML_INLINE void __ml_flush(const struct __ml_site *site)
{
#ifdef __ML_STUB
	__ML_LOST_STUB("__ml_lost_check", __ML_PUSH_ADDR("%a[w0]"), [w0] "ri"(site), "memory", "cc");
#else
	if (__ML_UNLIKELY(__ml_t.lost != 0))
		__ml_lost_check(site);
#endif
}

/* The step of a store of a pointer (meta m, provenance (ps, pw)) into
 * slot at site ss, where its thread's chunk of ids has no room for it.
 * With __ML_STEP_HELD in m, the slot holds the pointer stored already,
 * and there is no step if its shadow says m too (__ml_holds). */
void __ml_store_step(__ml_uptr slot, __ml_meta_t m, const struct __ml_site *ss,
                     const struct __ml_site *ps, __ml_prov_t pw) __attribute__((noinline)) __ML_NOTHROW;
#define __ML_STEP_HELD (1UL << 63)

/* The steps of a store at e, the chunk's next slot, where the chunk has
 * room for them: the value's pending step (site ps, from word pw), if
 * any, then the store's two slots, as __ml_store_step puts them. Inline:
 * its stub keeps every register and the vector state (xsave), which cost
 * vm.c's op_call (f->ret = next(pc)) a quarter of its run time. */
__ML_INLINE void __ml_store_steps_at(struct __ml_step *e, __ml_uptr slot, __ml_meta_t m, const struct __ml_site *ss,
                                     const struct __ml_site *ps, __ml_prov_t pw)
{
	if (ps) {
		pw = __ml_step_put(e, ((__ml_uptr)e << 12) + __ml_t.stepbase, (__ml_uptr)ps, pw);
		e++;
	}
	__ml_t.stepat = e + 2;
	__ml_step_put2(e, (__ml_uptr)ss, pw, slot, m);
}

#ifdef __ML_FULL
/* The definedness of the 8 bytes at slot once a pointer of meta m is
 * stored there at site. */
__ML_INLINE void __ml_st_def(__ml_uptr slot, __ml_meta_t m, const struct __ml_site *site)
{
	if (__ML_UNLIKELY(__ML_IS_UNINIT(m)))
		__ml_st_uninit(slot, m, site); /* a never-assigned pointer: its bytes stay undefined */
	else
		__ml_def(slot, 8);
}
#endif

/* Record that instrumented code stores pointer v with meta m into slot,
 * reached through a pointer with meta tag (before the store: with loss
 * tracking, the pointer the slot holds now loses a reference, at site).
 * The store is a step at ss of the value of provenance (ps, pw), its
 * pending step put in the ring first; none when ss is 0 (the slot's value
 * moved in place: p++). */
__ML_INLINE void __ml_st_in(__ml_uptr slot, __ml_uptr v, __ml_meta_t m, __ml_meta_t tag,
                            const struct __ml_site *site, const struct __ml_site *ss,
                            const struct __ml_site *ps, __ml_prov_t pw, int handed, int same)
{
	if (ss) {
		struct __ml_step *e = __ml_t.stepat;
		if (__ML_LIKELY(e + 1 + (ps != 0) < __ml_t.stepend)) /* (a chunk: explanations on) */
			__ml_store_steps_at(e, slot, m, ss, ps, pw);
		else if (__ml_explain)
			__ML_KEEP5_VOID(__ml_store_step, slot, m, ss, ps, pw);
	}
#ifdef __ML_FULL
	{
		__ml_meta_t w = *__ML_META_SHADOW(slot);
		__ml_uptr old = *(const __ml_uptr *)(slot & ~(__ml_uptr)7);
		if (w == 0 || !__ml_shadow_valid(w, old, tag))
			__ml_take(m, site, handed);
		else if ((w & __ML_META_MASK) == m) {
			/* the slot held a reference to that block and holds one
			 * still (n->left = insert(n->left, k)): the reference
			 * taken and the one dropped would cancel out, as in
			 * __ml_mv; only the name is kept (and a reference
			 * handed over is one too many) */
			if (__ml_counted(m))
				__ml_name_at((unsigned)m, site);
			if (handed)
				__ml_drop_handed(m, site);
			if (same && old == v) {
				/* a same-slot store (instrument's sameSlot) of the
				 * pointer the slot holds: the shadow vouches for v
				 * through tag with meta m already, so the word the
				 * store would write is the one there (its hash but
				 * for the out-of-block inversion, which a load takes
				 * to the same meta): it is kept */
				__ml_st_def(slot, m, site);
				return;
			}
		} else {
			__ml_take(m, site, handed);
			__ml_unref(w & __ML_META_MASK, site, __ML_LOSS_ASSIGN);
		}
	}
#else
	(void)site;
	(void)handed;
	(void)same;
#endif
	if (__builtin_constant_p(v) && v == 0 && __builtin_constant_p(m) && m == __ML_NULL) {
		/* a NULL written as such (n->left = NULL): NULL's record is
		 * empty at 0, which holds 0, so the hash is never inverted and
		 * the record is not read; its meta is 0, so the word is the
		 * hash alone */
#ifdef __ML_ASM
		__ml_uptr t, u;
		__asm__ volatile("movq %[tag], %[t]\n\t"
		                 "imulq %[k], %[t]\n\t"
		                 "andq %[hash], %[t]\n\t"
		                 "movq %[slot], %[u]\n\t"
		                 "andq $-8, %[u]\n\t"
		                 "xorq %[x], %[u]\n\t"
		                 "movq %[t], " __ML_META_OFF_ASM "(%[u])"
		                 : [t] "=&r"(t), [u] "=&r"(u)
		                 : [slot] "r"(slot), [tag] "r"(tag), [x] __ML_ASM_XOR, [k] __ML_ASM_K,
		                   [hash] __ML_ASM_HASH
		                 : "cc");
#else
		*__ML_META_SHADOW(slot) = __ML_HASH16(tag) << 48;
#endif
	} else {
#ifdef __ML_ASM
		/* volatile: ordered with the loads above and with calls, which may
		 * read the shadow (memcpy carries it along) */
		__ml_uptr t, u;
		__asm__ volatile("movq %[v], %[t]\n\t"
		                 "xorq %[tag], %[t]\n\t"
		                 "imulq %[k], %[t]\n\t"
		                 "shrq $48, %[t]\n\t"
		                 "movl %k[m], %k[u]\n\t"
		                 "shlq $5, %[u]\n\t"
		                 "btsq $" __ML_RECS_BIT ", %[u]\n\t"   /* u = the record */
		                 "cmpq (%[u]), %[v]\n\t"
		                 "jb 1f\n\t"
		                 "cmpq 8(%[u]), %[v]\n\t"
		                 "jbe 2f\n"                    /* base <= v <= end */
		                 "1:\n\t"
		                 "xorq %[oob], %[t]\n"
		                 "2:\n\t"
		                 "shlq $48, %[t]\n\t"
		                 "orq %[m], %[t]\n\t"
		                 "movq %[slot], %[u]\n\t"
		                 "andq $-8, %[u]\n\t"
		                 "xorq %[x], %[u]\n\t"
		                 "movq %[t], " __ML_META_OFF_ASM "(%[u])"
		                 : [t] "=&r"(t), [u] "=&r"(u)
		                 : [slot] "r"(slot), [v] "r"(v), [tag] "r"(tag), [m] "r"(m),
		                   [x] __ML_ASM_XOR, [k] __ML_ASM_K,
		                   [oob] "i"(__ML_HASH_OOB)
		                 : "cc");
#else
		{
			const struct __ml_rec *r = __ml_rec_of(m);
			__ml_uptr h = __ML_HASH16(v ^ tag);
			if (v - r->base > r->end - r->base)
				h ^= __ML_HASH_OOB;
			*__ML_META_SHADOW(slot) = m | h << 48;
		}
#endif
	}
#ifdef __ML_FULL
	__ml_st_def(slot, m, site);
#endif
}
__ML_INLINE void __ml_st(__ml_uptr slot, __ml_uptr v, __ml_meta_t m, __ml_meta_t tag,
                         const struct __ml_site *site, const struct __ml_site *ss,
                         const struct __ml_site *ps, __ml_prov_t pw)
{
	__ml_st_in(slot, v, m, tag, site, ss, ps, pw, 0, 0);
}

/* An event of the memory graph trace, if one is written (code built with
 * --memlens-graph), by the statement at site: 'W' pointer v stored at slot
 * (field describes the slot), 'G' the same into a named variable (a root,
 * named by field->field; slot 0 for a local in a register), 'D' integer v
 * stored at slot (invariants over counts and keys), 'X' the address v was
 * computed from slot (base[i] written; for overflows across nodes). */
__ML_INLINE void __ml_graph_put(unsigned tag, __ml_uptr slot, __ml_uptr v, const struct __ml_site *site,
                                const struct __ml_graph_field *field)
{
	if (__ML_UNLIKELY(__ml_graph))
		__ml_graph_event(tag, slot, v, site, field);
}

/* Does slot hold pointer v already, stored with meta m? (A shadow some
 * store wrote: the zero of memory none wrote says nothing, and NULL's meta
 * is zero.) */
__ML_INLINE int __ml_holds_meta(__ml_uptr slot, __ml_meta_t m)
{
	__ml_meta_t w = *__ML_META_SHADOW(slot);
	return w != 0 && (w & __ML_META_MASK) == m;
}
__ML_INLINE int __ml_holds(__ml_uptr slot, __ml_uptr v, __ml_meta_t m)
{
	return *(const __ml_uptru *)slot == v && __ml_holds_meta(slot, m);
}

#ifdef __ML_STUB
/* __ml_sta's steps, optimised: the C below (#else) as one asm statement
 * whose used-up chunk is a stub calling __ml_store_step (which tests the
 * shadow itself, told by __ML_STEP_HELD that the slot holds v), so gcc
 * sees no branch: a store's steps were six basic blocks and two tests of
 * ps, a fifth of cc1's work on tree.c's unit. A pending step ps is a
 * third slot in front, as __ml_store_steps_at's. */
#define __ML_STA_STEPS_ASM(room, pend, ps)                                     \
	"movq %[at], %[e]\n\t"                                                 \
	"leaq " room "(%[e]), %[t]\n\t"                                        \
	"cmpq %[end], %[t]\n\t"                                                \
	"jae 9f\n\t"                                                           \
	"cmpq %[v], %[old]\n\t"                                                \
	"jne 1f\n\t"                                                           \
	"movq %[slot], %[t]\n\t"                                               \
	"andq $-8, %[t]\n\t"                                                   \
	"xorq %[x], %[t]\n\t"                                                  \
	"movq " __ML_META_OFF_ASM "(%[t]), %[t]\n\t" /* the slot's shadow */     \
	"testq %[t], %[t]\n\t"                                                 \
	"je 1f\n\t"                                                            \
	"andq %[mask], %[t]\n\t"                                               \
	"cmpq %[m], %[t]\n\t"                                                  \
	"je 8f\n"                                                              \
	"1:\n\t"                                                               \
	pend                                                                   \
	"leaq 32(%[e]), %[t]\n\t"                                              \
	"movq %[t], %[at]\n\t"                                                 \
	"movq %[slot], 16(%[e])\n\t"                                           \
	"movq %[m], 24(%[e])\n\t"                                              \
	"leaq %a[ss2], %[t]\n\t"                                               \
	"orq %[mark], %[t]\n\t"                                                \
	"movq %[t], (%[e])\n\t"                                                \
	"movq %[pw], 8(%[e])\n"                                                \
	"8:\n"                                                                 \
	".pushsection .text.unlikely.__ml_stubs,\"ax\",@progbits\n"            \
	"9:\tcmpl $0, %[explain]\n\t"                                          \
	"je 8b\n\t"                                                            \
	"movq %[m], %[e]\n\t"                                                  \
	"cmpq %[v], %[old]\n\t"                                                \
	"jne 2f\n\t"                                                           \
	"btsq $63, %[e]\n"                                                     \
	"2:\tleaq %a[ss], %[t]\n\t"                                            \
	__ML_KEEP5_CALL("__ml_store_step_keep", "%[slot]", "%[e]", "%[t]", ps, "%[pw]", "%[t]") \
	"\n\tjmp 8b\n"                                                         \
	".popsection"
#define __ML_STA_STEPS_OPERANDS(ss)                                            \
	[slot] "r"(slot), [v] "r"(v), [m] "r"(m), [old] "m"(*(const __ml_uptru *)slot), \
	[ss] "i"(ss), [ss2] "i"((const char *)(ss) + __ML_STEP_MORE), [end] "m"(__ml_t.stepend), \
	[mark] "m"(__ml_t.stepmark), [explain] "m"(__ml_explain), [x] __ML_ASM_XOR, [mask] __ML_ASM_MASK
__ML_INLINE void __ml_sta_steps(__ml_uptr slot, __ml_uptr v, __ml_meta_t m, const struct __ml_site *ss,
                                const struct __ml_site *ps, __ml_prov_t pw)
{
	struct __ml_step *e;
	__ml_uptr t;
	/* (ps tested in C: gcc threads the paths where it knows it) */
	if (!ps)
		__asm__ volatile(__ML_STA_STEPS_ASM("16", "", "$0")
		                 : [e] "=&r"(e), [t] "=&r"(t), [at] "+m"(__ml_t.stepat)
		                 : [pw] "re"(pw), __ML_STA_STEPS_OPERANDS(ss)
		                 : "cc");
	else
		__asm__ volatile(__ML_STA_STEPS_ASM("32",
		                                    "movq %[mark], %[t]\n\t" /* ps's step, from pw */
		                                    "orq %[ps], %[t]\n\t"
		                                    "movq %[t], (%[e])\n\t"
		                                    "movq %[pw], 8(%[e])\n\t"
		                                    "movq %[e], %[pw]\n\t" /* the store's from ps's */
		                                    "shlq $12, %[pw]\n\t"
		                                    "addq %[base], %[pw]\n\t"
		                                    "addq $16, %[e]\n\t",
		                                    "%[ps]")
		                 : [e] "=&r"(e), [t] "=&r"(t), [at] "+m"(__ml_t.stepat), [pw] "+&r"(pw)
		                 : [ps] "r"(ps), [base] "m"(__ml_t.stepbase), __ML_STA_STEPS_OPERANDS(ss)
		                 : "cc");
}
#endif

/* __ml_st for an assignment, with its step: none when the slot holds that
 * very pointer already (n->left = insert(n->left, k)), whose older step
 * says where it came from. (Not for a slot that was just made: its memory
 * may hold the same pointer from an earlier life.) */
__ML_INLINE void __ml_sta_in(__ml_uptr slot, __ml_uptr v, __ml_meta_t m, __ml_meta_t tag,
                             const struct __ml_site *site, const struct __ml_site *ss,
                             const struct __ml_site *ps, __ml_prov_t pw, int handed, int same)
{
	/* Both common cases inline: the same pointer again (most of tree.c's
	 * stores: not unlikely), and steps (the value's pending one too) for
	 * which the chunk has ids left. */
#ifdef __ML_STUB
	__ml_sta_steps(slot, v, m, ss, ps, pw);
#else
	struct __ml_step *e = __ml_t.stepat;
	if (__ML_LIKELY(e + 1 + (ps != 0) < __ml_t.stepend)) { /* (a chunk: explanations on) */
		if (!__ml_holds(slot, v, m))
			__ml_store_steps_at(e, slot, m, ss, ps, pw);
	} else if (__ml_explain) /* (__ml_holds's shadow test in the runtime: cold) */
		__ML_KEEP5_VOID(__ml_store_step, slot, *(const __ml_uptru *)slot == v ? m | __ML_STEP_HELD : m, ss, ps, pw);
#endif
	__ml_st_in(slot, v, m, tag, site, 0, 0, 0, handed, same);
}
__ML_INLINE void __ml_sta(__ml_uptr slot, __ml_uptr v, __ml_meta_t m, __ml_meta_t tag,
                          const struct __ml_site *site, const struct __ml_site *ss,
                          const struct __ml_site *ps, __ml_prov_t pw)
{
	__ml_sta_in(slot, v, m, tag, site, ss, ps, pw, 0, 0);
}

/* __ml_sta of m, a call's result, where the callee handed its reference
 * over (handed: instrument's __ml_hands_NAME, a constant): the slot takes
 * that reference instead of a new one, as __ml_mv_handed's local does. */
__ML_INLINE void __ml_sta_handed(__ml_uptr slot, __ml_uptr v, __ml_meta_t m, __ml_meta_t tag,
                                 const struct __ml_site *site, const struct __ml_site *ss,
                                 const struct __ml_site *ps, __ml_prov_t pw, int handed)
{
	__ml_sta_in(slot, v, m, tag, site, ss, ps, pw, handed, 0);
}

/* __ml_sta (handed: __ml_sta_handed's, 0 where no reference is handed
 * over) of a value read from that very slot in the same statement
 * (instrument's sameSlot: n->left = insert(n->left, k), p->next =
 * f(p->next)), with full checking: where the slot holds v already and
 * its shadow vouches for it with meta m, the shadow word is kept, not
 * written again (the count, as in __ml_sta, is left alone). The test
 * costs a compare elsewhere, so only such stores make it. */
__ML_INLINE void __ml_sta_same(__ml_uptr slot, __ml_uptr v, __ml_meta_t m, __ml_meta_t tag,
                               const struct __ml_site *site, const struct __ml_site *ss,
                               const struct __ml_site *ps, __ml_prov_t pw, int handed)
{
	__ml_sta_in(slot, v, m, tag, site, ss, ps, pw, handed, 1);
}

/* __ml_st and __ml_sta of a value whose step is not pending, outside
 * loss tracking: six arguments, all in registers, so that unoptimised,
 * where the checks are calls, the caller's frame has no outgoing area for
 * the other two. */
__ML_INLINE void __ml_st_set(__ml_uptr slot, __ml_uptr v, __ml_meta_t m, __ml_meta_t tag,
                             const struct __ml_site *ss, __ml_prov_t pw)
{
	__ml_st(slot, v, m, tag, 0, ss, 0, pw);
}
__ML_INLINE void __ml_sta_set(__ml_uptr slot, __ml_uptr v, __ml_meta_t m, __ml_meta_t tag,
                              const struct __ml_site *ss, __ml_prov_t pw)
{
	__ml_sta(slot, v, m, tag, 0, ss, 0, pw);
}

/* A copy of memory holding pointers (a struct copy, memcpy, realloc's
 * move) is one step into memory for the whole range (explain.c): its meta
 * this flag and the length, its prev the source's start. */
#define __ML_STEP_COPY (1UL << 60)

/* The retagging of __ml_copy: the shadow of each of the n / 8 words
 * (n <= 16, aligned) copied from src to dst retagged from stag to dtag when
 * valid for its value, as the runtime does, else cleared; a word neither
 * side's shadow was ever written for is not touched. Whether a word was
 * retagged (a pointer copied). */
#ifdef __ML_ASM
/* One word of it at offset o, jumping to copied if retagged: two scratch
 * registers (the shadow's addresses computed again where needed, the
 * stored hash's check folded into the product, the new hash xored into a
 * word that holds the check's result), where gcc's C held the two shadow
 * addresses, both hashes, the value and the multiplier at once, a
 * callee-saved register or two pushed in the functions copying Lua's
 * values (lua_pushvalue saved six). */
#define __ML_COPY_WORD(o, copied)                                                 \
	"movq %[s], %[x]\n\t"                                                    \
	"xorq %[xs], %[x]\n\t"                                                   \
	"movq " __ML_META_OFF_ASM "+" o "(%[x]), %[w]\n\t" /* the source's shadow */                   \
	"testq %[w], %[w]\n\t"                                                   \
	"jz 6f\n\t"                                                              \
	"movq " o "(%[d]), %[x]\n\t"                                             \
	"xorq %[st], %[x]\n\t"                                                   \
	"imulq %[k], %[x]\n\t"                                                   \
	"xorq %[w], %[x]\n\t"                                                    \
	"shrq $48, %[x]\n\t" /* 0: valid; 0xffff: valid, beyond its block */     \
	"jz 5f\n\t"                                                              \
	"cmpl $0xffff, %k[x]\n\t"                                                \
	"jne 6f\n"                                                               \
	"5:\tshlq $48, %[x]\n\t"                                                 \
	"shlq $16, %[w]\n\t"                                                     \
	"shrq $16, %[w]\n\t"                                                     \
	"orq %[x], %[w]\n\t" /* the meta, the check's result on top */          \
	"movq " o "(%[d]), %[x]\n\t"                                             \
	"xorq %[dt], %[x]\n\t"                                                   \
	"imulq %[k], %[x]\n\t"                                                   \
	"shrq $48, %[x]\n\t"                                                     \
	"shlq $48, %[x]\n\t"                                                     \
	"xorq %[x], %[w]\n\t"                                                    \
	"movq %[d], %[x]\n\t"                                                    \
	"xorq %[xs], %[x]\n\t"                                                   \
	"movq %[w], " __ML_META_OFF_ASM "+" o "(%[x])\n\t"                                             \
	"jmp " copied "\n"                                                       \
	"6:\tmovq %[d], %[x]\n\t"                                                \
	"xorq %[xs], %[x]\n\t"                                                   \
	"cmpq $0, " __ML_META_OFF_ASM "+" o "(%[x])\n\t"                                               \
	"je 7f\n\t"                                                              \
	"movq $0, " __ML_META_OFF_ASM "+" o "(%[x])\n"                                                 \
	"7:\n\t"
/* The copy's bytes an input, as chars (which alias any type), so that the
 * copy is made before: C reading them as integers, gcc took under strict
 * aliasing the value an earlier integer read of the slot had seen
 * (__ml_sta's test whether it held the pointer already), not the copy's. */
#define __ML_COPY_OPERANDS(words)                                                 \
	: [w] "=&r"(w), [x] "=&r"(x)                                             \
	: [d] "r"(dst), [s] "r"(src), [dt] "rme"(dtag), [st] "rme"(stag),        \
	  "m"(*(const char(*)[8 * (words)])dst), [xs] __ML_ASM_XOR, [k] __ML_ASM_K \
	: "cc"
#endif
__ML_INLINE int __ml_copy_retag(void *dst, const void *src, __ml_uptr n, __ml_meta_t dtag, __ml_meta_t stag)
{
#ifdef __ML_ASM
	__ml_uptr w, x;
	if (n >= 16)
		__asm__ volatile goto(__ML_COPY_WORD("0", "1f") __ML_COPY_WORD("8", "%l[copied]") "jmp 2f\n"
		                      "1:\n\t" __ML_COPY_WORD("8", "%l[copied]") "jmp %l[copied]\n2:"
		                      __ML_COPY_OPERANDS(2)
		                      : copied);
	else if (n >= 8)
		__asm__ volatile goto(__ML_COPY_WORD("0", "%l[copied]") __ML_COPY_OPERANDS(1) : copied);
	return 0;
copied:
	return 1;
#else
	const __ml_meta_t *sm = __ML_META_SHADOW(src);
	__ml_meta_t *dm = __ML_META_SHADOW(dst);
	const __ml_uptru *dv = (const __ml_uptru *)dst; /* (may_alias: the copy may be of any type) */
	__ml_uptr i, pointers = 0;
	for (i = 0; i < n / 8; i++) {
		__ml_meta_t w = sm[i];
		__ml_uptr x;
		if (!(w | dm[i]))
			continue;
		/* (an inverted hash stays inverted) */
		x = (w >> 48) ^ __ML_HASH16(dv[i] ^ stag);
		if (w != 0 && ((x == 0) | (x == __ML_HASH_OOB))) {
			dm[i] = (w & __ML_META_MASK) | (__ML_HASH16(dv[i] ^ dtag) ^ x) << 48;
			pointers = 1;
		} else
			dm[i] = 0;
	}
	return pointers;
#endif
}

/* __ml_copy_shadow of a struct copy (*dst = *src done): a copy of at most
 * two aligned words (Lua's values) retagged inline in detection mode
 * (__ml_copy_retag), and one step for the range. Others, and full
 * checking (whose loss tracking counts the pointers copied), call the
 * runtime. */
__ML_INLINE void __ml_copy(void *dst, const void *src, __ml_uptr n, __ml_meta_t dtag, __ml_meta_t stag,
                           const struct __ml_site *site)
{
#ifndef __ML_FULL
	if (n <= 16) {
		struct __ml_step *e;
		/* (a plain call would make a leaf keep its values in
		 * callee-saved registers for this rare path) */
		if (__ML_UNLIKELY((((__ml_uptr)dst | (__ml_uptr)src) & 7) || __ml_graph)) {
			__ML_KEEP5_VOID(__ml_copy_small, (__ml_uptr)dst | n << 56, src, dtag, stag, site);
			return;
		}
		if (!__ml_copy_retag(dst, src, n, dtag, stag) || dst == src)
			return;
		e = __ml_t.stepat;
		if (__ML_LIKELY(e + 1 < __ml_t.stepend)) { /* (a chunk: explanations on) */
			__ml_t.stepat = e + 2;
			__ml_step_put2(e, (__ml_uptr)site, (__ml_uptr)src, (__ml_uptr)dst, __ML_STEP_COPY | (n & ~(__ml_uptr)7));
		} else if (__ml_explain)
			__ML_KEEP5_VOID(__ml_store_step, (__ml_uptr)dst, __ML_STEP_COPY | (n & ~(__ml_uptr)7), site, 0,
			                (__ml_uptr)src);
		return;
	}
#endif
	__ml_copy_shadow(dst, src, n, dtag, stag, site);
}

#ifdef __ML_ASM
/* The tests and the shadow write of __ml_move, which jump to slow where
 * the slot's shadow does not vouch for v. The record's register takes the
 * hashes too once the record is done with (t beyond its block, rare, is
 * hashed in a cold section of its own, not the stubs', where
 * __ml_move_chk's stub, itself in the stubs' section, would run into it),
 * so the move needs three scratch registers (the hash had one of its own:
 * a callee-saved register pushed in functions whose checks crowd). */
#define __ML_MOVE_TESTS(slow)                                         \
	__ML_SHADOW_TESTS("u", "m", "r", "r", "xs", slow)             \
	"2:\n\t"                                                      \
	"andq %[mask], %[m]\n\t"      /* the meta */                  \
	"cmpq (%[r]), %[t]\n\t"                                       \
	"jb 3f\n\t"                                                   \
	"cmpq 8(%[r]), %[t]\n\t"                                      \
	"ja 3f\n\t"                   /* base <= t <= end */          \
	"movq %[t], %[r]\n\t"                                         \
	"xorq %[tag], %[r]\n\t"                                       \
	"imulq %[k], %[r]\n\t"                                        \
	"andq %[hash], %[r]\n"                                         \
	"4:\n\t"                                                      \
	"orq %[m], %[r]\n\t"                                          \
	"movq %[r], " __ML_META_OFF_ASM "(%[u])\n"                                          \
	".pushsection .text.unlikely.__ml_oob,\"ax\",@progbits\n"     \
	"3:\tmovq %[t], %[r]\n\t"                                    \
	"xorq %[tag], %[r]\n\t"                                       \
	"imulq %[k], %[r]\n\t"                                        \
	"shrq $48, %[r]\n\t"                                          \
	"xorq %[oob], %[r]\n\t"                                       \
	"shlq $48, %[r]\n\t"                                          \
	"jmp 4b\n"                                                     \
	".popsection"
#define __ML_MOVE_OPERANDS                                                    \
	: [m] "=&r"(m), [u] "=&r"(u), [r] "=&r"(r)                            \
	: [slot] "r"(slot), [v] "r"(v), [t] "r"(t), [tag] "r"(tag),             \
	  [xs] __ML_ASM_XOR, [k] __ML_ASM_K, [oob] "i"(__ML_HASH_OOB),             \
	  [mask] __ML_ASM_MASK, [hash] __ML_ASM_HASH                             \
	: "cc"
/* A move's slow path in detection mode, for its stub: __ml_ld_miss, then
 * the slot's shadow written for t (runtime/stubs.c). */
__ml_meta_t __ml_move_slow(__ml_uptr slot, __ml_uptr v, __ml_uptr t, __ml_meta_t tag) __ML_NOTHROW;
#endif

#if defined(__ML_ASM) && defined(__ML_FULL)
/* __ml_move's slow path with loss tracking: out of line, as the
 * detection mode's stub is, since __ml_st's counting inlined made a
 * helper moving a pointer in place (vm.c's push, pop) too big to inline. */
static __attribute__((noinline, cold, unused)) __ml_meta_t __ml_move_miss(__ml_uptr slot, __ml_uptr v, __ml_uptr t,
                                                                          __ml_meta_t tag, const struct __ml_site *site)
{
	__ml_meta_t m = __ml_ld_miss(slot, v, tag);
	__ml_st(slot, t, m, tag, site, 0, 0, 0);
	return m;
}
#endif

/* The pointer v just read from slot (reached through a pointer with meta
 * tag) moves in place to t (p++, p += n: no step), at site: its meta, as
 * __ml_ld gives it, with the slot's shadow rewritten for t as __ml_st
 * would. One asm statement: the shadow's address, the record and the
 * hash's constants serve both halves. With loss tracking, where the
 * shadow vouched for v (the asm's path), the slot held a reference to the
 * block of m and holds one still: __ml_st's reference taken and the old
 * one dropped cancel out, so the count is left alone (and no cut stamped:
 * the block lost nothing); only the name is kept, as __ml_st's __ml_ref
 * would; and the slot's bytes keep their definedness: instrumented code
 * checked their use before the move, and a pointer moved is as defined as
 * the one it came from (Valgrind's rule for arithmetic). */
__ML_INLINE __ml_meta_t __ml_move(__ml_uptr slot, __ml_uptr v, __ml_uptr t, __ml_meta_t tag,
                                  const struct __ml_site *site)
{
	__ml_meta_t m;
#ifdef __ML_ASM
	__ml_uptr u, r;
#if defined(__ML_STUB) && !defined(__ML_FULL)
	/* Optimised, the slow path is a stub, as a load's: it pushes slot,
	 * v, t and tag for __ml_move_slow through its register-keeping
	 * trampoline (stubs.c), whose result it pops into m. */
	__asm__ volatile(__ML_MOVE_TESTS("9f") "\n5:\n"
	                 ".pushsection .text.unlikely.__ml_stubs,\"ax\",@progbits\n"
	                 "9:\t" __ML_KEEP5_CALL("__ml_move_slow_keep", "%[slot]", "%[v]", "%[t]", "%[tag]", "$0", "%[m]")
	                 "\n\tjmp 5b\n"
	                 ".popsection"
	                 __ML_MOVE_OPERANDS);
	(void)site;
	return m;
#else
	__asm__ volatile goto(__ML_MOVE_TESTS("%l[slow]") __ML_MOVE_OPERANDS : slow);
#ifdef __ML_FULL
	__ml_name(m, site);
	return m;
slow: __ML_COLD_LABEL;
	return __ml_move_miss(slot, v, t, tag, site);
#else
	return m;
slow: __ML_COLD_LABEL;
	m = __ml_ld_miss(slot, v, tag);
#endif
#endif
#else
	m = __ml_ld(slot, v, tag);
#endif
	__ml_st(slot, t, m, tag, site, 0, 0, 0);
	return m;
}

/* Unoptimised, a pointer in memory moved in place by d bytes (p++, p -= n)
 * as __ml_ld_at is a load: the slot's address last, __ml_move's meta and
 * the slot (the value's provenance) stored through m and w, the new value
 * stored and returned, so that no variable of the caller's, which gcc -O0
 * would keep in a callee-saved register, holds the slot, the old value or
 * the new one. */
__ML_INLINE __ml_uptr __ml_move_at(__ml_meta_t *m, __ml_prov_t *w, __ml_meta_t tag,
                                                  const struct __ml_site *site, __ml_uptr d, __ml_uptr slot)
{
	__ml_uptr v = *(const __ml_uptru *)slot, t = v + d;
	*m = __ml_move(slot, v, t, tag, site);
	*w = slot;
	*(__ml_uptru *)slot = t;
	return t;
}

#ifdef __ML_STUB
/* __ml_move_chk's tests of the access at a through the meta m (record r),
 * which jump to bad: the read-only test (ro, a write's), the block alive,
 * the access inside it (its end e is the other value: no lea). */
#define __ML_MOVE_CHK_TESTS(ro, bad)                                                              \
	__ML_SHADOW_REC("m", "r")                                                                  \
	ro("cmpw $-1, 20(%[r])\n\tje " bad "\n\t")                                               \
	"cmpq %[m], 16(%[r])\n\tjne " bad "\n\t"                                                 \
	"cmpq (%[r]), %[a]\n\tjb " bad "\n\t"                                                    \
	"cmpq 8(%[r]), %[e]\n\tja " bad "\n\t"
#define __ML_RO_YES(test) test
#define __ML_RO_NO(test)
/* The fast path's shadow written for t and t stored in the slot. */
#define __ML_MOVE_CHK_PUT                                                                         \
	"movq %[t], %[r]\n\t"                                                                     \
	"xorq %[tag], %[r]\n\t"                                                                   \
	"imulq %[k], %[r]\n\t"                                                                    \
	"andq %[hash], %[r]\n\t"                                                                  \
	"orq %[m], %[r]\n\t"                                                                      \
	"movq %[r], " __ML_META_OFF_ASM "(%[u])\n\t"         /* t's shadow */                    \
	"movq %[t], (%[slot])\n"
#endif
#if defined(__ML_STUB) && !defined(__ML_FULL)
/* One asm statement: the fast path, then at 7 (cold) the move as
 * __ml_move makes it (its slow path at 6), the new value stored and the
 * check as __ml_chk makes it, whose stub at 9 reports; both jump back to
 * the end, 8. */
#define __ML_MOVE_CHK_ASM(ro, w, at, vouch)                                                       \
	__asm__ volatile(__ML_SHADOW_WORD("u", "m", "xs")                                          \
	                 vouch(__ML_SHADOW_HASH("m", "r", "7f"))  /* not vouching for v */         \
	                 "andq %[mask], %[m]\n\t"        /* the meta */                          \
	                 __ML_MOVE_CHK_TESTS(ro, "7f")                                             \
	                 __ML_MOVE_CHK_PUT                                                         \
	                 "8:\n"                                                                   \
	                 ".pushsection .text.unlikely.__ml_stubs,\"ax\",@progbits\n"             \
	                 "7:\t" __ML_MOVE_TESTS("6f") "\n\t"                                        \
	                 "jmp 5f\n"                                                               \
	                 "6:\t" __ML_KEEP5_CALL("__ml_move_slow_keep", "%[slot]", "%[v]", "%[t]", "%[tag]", "$0", \
	                                       "%[m]")                                            \
	                 "\n5:\tmovq %[t], (%[slot])\n\t"                                          \
	                 __ML_MOVE_CHK_TESTS(ro, "9f")                                             \
	                 "jmp 8b\n"                                                               \
	                 "9:\tleaq -128(%%rsp), %%rsp\n\t"                                         \
	                 "pushq %[slot]\n\tpushq $0\n\t"  /* the provenance: the slot */           \
	                 "pushq %[m]\n\tpushq %[a]\n\tpushq %[n]\n\t"                               \
	                 __ML_CHK_STUB_END(w, at)                                    \
	                 : [m] "=&r"(m), [u] "=&r"(u), [r] "=&r"(r),                                \
	                   "=m"(*(__ml_uptru *)slot)                                                \
	                 : [slot] "r"(slot), [v] "r"(v), [t] "r"(t), [tag] "r"(tag), [a] "r"(a),     \
	                   [e] "r"(a == v ? t : v),                                                 \
	                   [n] "e"(n), [site] "i"(site), [xs] __ML_ASM_XOR, [k] __ML_ASM_K,          \
	                   [oob] "i"(__ML_HASH_OOB), [mask] __ML_ASM_MASK, [hash] __ML_ASM_HASH      \
	                   __ML_CS_OPERAND##at                                                      \
	                 : "cc")
#endif

/* *p++ and *--p, with p in memory: the move of p from v to t (__ml_move
 * at step site ms, the new value stored) and the check of the access of
 * nw's bytes at a (v for p++, t for --p) through the meta it gives, as
 * __ml_chk would make it at site, the pointer's provenance the slot. As one
 * asm statement optimised: the slot's shadow vouching for v, the block
 * alive and the access inside it, t lies inside it or at its end (the step
 * is the access's size), so its shadow needs no bound test of its own, and
 * the meta and the record serve both halves; any test failing, the stub
 * makes the move's slow path, then the whole check (vm.c's push and pop:
 * 44 instructions, now 32; with loss tracking the failure goes to C).
 * Unoptimised, or n not a constant, the two as they are. Returns the
 * meta. */
#define __ML_MOVE_CHK_FN(name, at, cs_arg, chk_fn, chk_cs, vouch)                                \
	__ML_INLINE __ml_meta_t name(__ml_uptr nw, const struct __ml_site *site,                         \
	                           const struct __ml_site *ms, __ml_meta_t tag, __ml_uptr slot,           \
	                           __ml_uptr v, __ml_uptr t, __ml_uptr a cs_arg)                         \
	{                                                                                              \
		__ml_uptr n = nw & ~(__ML_WRITE | __ML_WRITABLE);                                       \
		__ml_meta_t m;                                                                          \
		__ML_MOVE_CHK_FAST(at, vouch)                                                           \
		m = __ml_move(slot, v, t, tag, ms);                                                      \
		*(__ml_uptru *)slot = t;                                                                \
		chk_fn(m, nw, site, 0, slot, a chk_cs);                                                 \
		return m;                                                                               \
	}
#if defined(__ML_STUB) && !defined(__ML_FULL)
#define __ML_MOVE_CHK_FAST(at, vouch)                                                            \
	if (__builtin_constant_p(n)) {                                                           \
		__ml_uptr u, r;                                                                  \
		(void)ms;                                                                        \
		if ((nw & (__ML_WRITE | __ML_WRITABLE)) == __ML_WRITE)                           \
			__ML_MOVE_CHK_ASM(__ML_RO_YES, "1", at, vouch);                          \
		else if (nw & __ML_WRITE)                                                        \
			__ML_MOVE_CHK_ASM(__ML_RO_NO, "1", at, vouch);                           \
		else                                                                             \
			__ML_MOVE_CHK_ASM(__ML_RO_NO, "0", at, vouch);                           \
		return m;                                                                        \
	}
#elif defined(__ML_STUB)
/* With loss tracking the same fast path, which leaves the count alone and
 * keeps the name as __ml_move's does; a test failing goes to C after it:
 * the move as __ml_move makes it (its counting slow path out of line),
 * then the check, which reports (vm.c's push and pop). */
#define __ML_MOVE_CHK_GOTO(ro)                                                                    \
	__asm__ volatile goto(__ML_SHADOW_WORD("u", "m", "xs")                                     \
	                      __ML_SHADOW_HASH("m", "r", "%l[slow]")                               \
	                      "andq %[mask], %[m]\n\t"                                             \
	                      __ML_MOVE_CHK_TESTS(ro, "%l[slow]")                                  \
	                      __ML_MOVE_CHK_PUT                                                    \
	                      : [m] "=&r"(m), [u] "=&r"(u), [r] "=&r"(r), "=m"(*(__ml_uptru *)slot)   \
	                      : [slot] "r"(slot), [v] "r"(v), [t] "r"(t), [tag] "r"(tag), [a] "r"(a), \
	                        [e] "r"(a == v ? t : v), [xs] __ML_ASM_XOR, [k] __ML_ASM_K,          \
	                        [mask] __ML_ASM_MASK, [hash] __ML_ASM_HASH                          \
	                      : "cc"                                                                \
	                      : slow)
#define __ML_MOVE_CHK_FAST(at, vouch)                                                            \
	if (__builtin_constant_p(n)) {                                                           \
		__ml_uptr u, r;                                                                  \
		if ((nw & (__ML_WRITE | __ML_WRITABLE)) == __ML_WRITE)                           \
			__ML_MOVE_CHK_GOTO(__ML_RO_YES);                                         \
		else                                                                             \
			__ML_MOVE_CHK_GOTO(__ML_RO_NO);                                          \
		__ml_name(m, ms);                                                                \
		return m;                                                                        \
	}                                                                                        \
	slow: __ML_COLD_LABEL;
#else
#define __ML_MOVE_CHK_FAST(at, vouch)
#endif
/* The hash test of the slot's shadow on the fast path: made, or (a sealed
 * member, __ml_ld_sealed) left to the stub, which makes the move's whole
 * test when the meta's block is dead or the access leaves it; the word
 * written back keeps its hash, so every other reader sees the same. */
#define __ML_VOUCH_YES(test) test
#define __ML_VOUCH_NO(test)
#define __ML_COMMA ,
__ML_MOVE_CHK_FN(__ml_move_chk, , , __ml_chk, , __ML_VOUCH_YES)
__ML_MOVE_CHK_FN(__ml_move_chk_at, _at, __ML_COMMA const struct __ml_site *cs, __ml_chk_at, __ML_COMMA cs, __ML_VOUCH_YES)
__ML_MOVE_CHK_FN(__ml_sealed_move_chk, , , __ml_chk, , __ML_VOUCH_NO)
__ML_MOVE_CHK_FN(__ml_sealed_move_chk_at, _at, __ML_COMMA const struct __ml_site *cs, __ml_chk_at, __ML_COMMA cs, __ML_VOUCH_NO)
#undef __ML_COMMA

/* Function entry: push a frame, return the depth to restore on exit. */
__ML_INLINE unsigned __ml_enter(const struct __ml_site *fn)
{
	unsigned d = __ml_t.depth++;
	unsigned slot = d < __ML_MAX_FRAMES ? d : __ML_MAX_FRAMES - 1;
	__ml_t.frames[slot] = fn;
#ifdef __ML_FULL
	__ml_t.entered[slot] = __ml_t.ticks;
#endif
	return d;
}

/* A call-site leaf's call of a typestate transition (instrument's
 * callAtSite, detection mode): __ml_at_caller(cs) then __ml_enter(site),
 * with one load of the depth and, but at the stack's ends, no clamping. */
__ML_INLINE void __ml_enter_at(const struct __ml_site *cs, const struct __ml_site *site)
{
	unsigned d = __ml_t.depth;
	__ml_t.depth = d + 1;
	if (__builtin_expect(d - 1u < __ML_MAX_FRAMES - 1u, 1)) {
		__ml_t.frames[d - 1] = cs;
		__ml_t.frames[d] = site;
		return;
	}
	if (d)
		__ml_t.frames[d <= __ML_MAX_FRAMES ? d - 1 : __ML_MAX_FRAMES - 1] = cs;
	__ml_t.frames[d < __ML_MAX_FRAMES ? d : __ML_MAX_FRAMES - 1] = site;
}

/* The depth stored at entry (after __ml_enter): a check's stub reads it,
 * which gcc does not see, and in a function with no call nor step before
 * its exit (a direct table's entry-site function, instrument's prov.go)
 * it dropped both updates, the caller's frame missing from a report's
 * stack. Not in every function: Lua's lcode.c frames grew 16 bytes. */
__ML_INLINE void __ml_depth_kept(void)
{
	__asm__ volatile("" : : "m"(__ml_t.depth));
}

/* A function's memlens variables live across its calls (metas and
 * provenance of its pointers) are n words on a per-thread side stack, not
 * in its native frame: gcc would keep each in a callee-saved register or a
 * slot of the frame, several times the program's own frame. The function
 * reaches them from the top, __ml_t.side - n (every callee has popped its
 * own when it returns), and pops them at each exit. */
__ml_uptr *__ml_side_new(void);
__ML_INLINE void __ml_side_push(unsigned n)
{
	__ml_uptr *top = __ml_t.side;
	if (__ML_UNLIKELY(top == 0))
		__ML_KEEP0(top, __ml_side_new);
	__ml_t.side = top + n;
}

/* Function exit: pop back to depth d. */
__ML_INLINE void __ml_leave(unsigned d)
{
	__ml_t.depth = d;
#ifdef __ML_FULL
#ifdef __ML_STUB
	/* (the notes it moves are the runtime's alone: no memory clobber) */
	__ML_LOST_STUB("__ml_lost_leave", "pushq %[w0]\n\t", [w0] "re"((__ml_uptr)d), "cc");
#else
	if (__ML_UNLIKELY(__ml_t.lost != 0))
		__ml_lost_leave(d);
#endif
#endif
}

/* The address of a function f names (its own for __ml_own and
 * __ml_setret, a callee's before and after the call), as optimised
 * instrumented code passes that of a function making calls: an asm
 * statement reading the function as a memory operand, which a call may
 * change as far as gcc knows, so it is computed again after each call
 * instead of held across calls in a callee-saved register; gcc picks the
 * addressing (a lea, or the GOT where the symbol needs it, as for f). */
__ML_INLINE __ml_uptr __ml_fn(__ml_uptr f)
{
#ifdef __ML_STUB
	__ml_uptr at;
	__asm__("leaq %1, %0" : "=r"(at) : "m"(*(const char *)f));
	return at;
#else
	return f;
#endif
}
/* The same for a static function of the unit (or a byte of __ml_fnids):
 * the asm takes f as an address operand, never through the GOT for the
 * unit's own symbol (a rip-relative lea; a register where gcc does not
 * optimise the function: optimize attribute or pragma), and reads no
 * memory, which would keep gcc from dropping an inlined callee's return
 * stores that the function's own overwrite (retfn, retsite); f is a
 * pointer, which gcc keeps a constant where an integer's cast may be a
 * value held in a register; volatile, so it is computed at each use. */
__ML_INLINE __ml_uptr __ml_fn_static(const void *f)
{
#ifdef __ML_STUB
	__ml_uptr at;
	__asm__ __volatile__("leaq %a1, %0" : "=r"(at) : "p"(f));
	return at;
#else
	return (__ml_uptr)f;
#endif
}

/* A constant site's address stored into the thread's words (argsite),
 * through __ml_fn_static's asm: gcc packed two adjacent constant sites
 * into a vector, hoisted it out of the loop and kept it in the frame
 * (luaV_execute: 146 of them, 2,336 bytes built at each entry). */
__ML_INLINE const struct __ml_site *__ml_site_word(const struct __ml_site *s)
{
	return (const struct __ml_site *)__ml_fn_static(s);
}

/* Did the caller pass metas for this function? Consumes them either way.
 * Called by code memlens does not see, which instrumented code called
 * with another word (a library calling back), it keeps that word: the
 * instrumented caller's test after the call (externWrites, full
 * checking's alone) must still find its callee did not take its metas,
 * whatever calls follow. The two words found last, the newest first: a
 * callback that calls a second library, which calls back in turn (both
 * callers test), or that calls one which never reads the word the call
 * left (the first library calling it again finds that word). */
__ML_INLINE int __ml_own(__ml_uptr self)
{
	__ml_uptr c = __ml_t.callee;
#ifdef __ML_FULL
	if (__ML_UNLIKELY((c != self) & (c != 0)) && c != __ml_t.foreign[0]) {
		__ml_t.foreign[1] = __ml_t.foreign[0];
		__ml_t.foreign[0] = c;
	}
#endif
	__ml_t.callee = 0;
	return c == self;
}

/* A pointer result's meta and provenance, as a function hands them to its
 * caller (in __ml_t's words, or a variable of the caller's: __ml_setret_rw). */
struct __ml_rw {
	__ml_meta_t ret;
	const struct __ml_site *site; /* its return statement's step, pending */
	__ml_prov_t prov;             /* the word the value came from */
};

/* Those of the pointer v returned by a call to fn, into *r: likely what fn
 * handed over (an instrumented callee); from a function memlens does not
 * see, v's meta, no step and __ML_GEN_EXTERN. (Through a pointer, not
 * returned: unoptimised, a struct returned was copied twice, tree 20000 at
 * -O0 +1.6% Ir.) The test in C, for a leaf of the unit (fn a constant),
 * where gcc inlines the leaf and folds the test against the words it
 * stored. */
__ML_INLINE void __ml_leaf_result(struct __ml_rw *r, __ml_uptr fn, __ml_uptr v)
{
	if (__ML_LIKELY(__ml_t.retfn == fn)) {
		r->ret = __ml_t.ret;
		r->site = __ml_t.retsite;
		r->prov = __ml_t.retprov;
	} else {
		__ML_KEEP1(r->ret, __ml_meta_of, (const void *)v);
		r->site = 0;
		r->prov = __ML_GEN_EXTERN;
	}
}

/* The same, one asm statement when optimised (fn not a leaf of the unit). */
__ML_INLINE void __ml_result(struct __ml_rw *r, __ml_uptr fn, __ml_uptr v)
{
#ifdef __ML_STUB
	/* Optimised, one asm statement whose miss is a stub: gcc saw a test of
	 * retfn and a call for each word, three blocks a call's result. (Not
	 * volatile: a word not used is not read.) */
	__asm__("cmpq %[fn], %[retfn]\n\t"
	        "jne 9f\n\t"
	        "movq %[tret], %[m]\n\t"
	        "movq %[tsite], %[s]\n\t"
	        "movq %[tprov], %[w]\n"
	        "8:\n"
	        ".pushsection .text.unlikely.__ml_stubs,\"ax\",@progbits\n"
	        "9:\t" __ML_KEEP5_CALL("__ml_meta_of_keep", "%[v]", "$0", "$0", "$0", "$0", "%[m]")
	        "\n\txorl %k[s], %k[s]\n\t"
	        "movl %[ext], %k[w]\n\t"
	        "jmp 8b\n"
	        ".popsection"
	        : [m] "=&r"(r->ret), [s] "=&r"(r->site), [w] "=&r"(r->prov)
	        : [fn] "re"(fn), [v] "r"(v), [retfn] "m"(__ml_t.retfn), [tret] "m"(__ml_t.ret),
	          [tsite] "m"(__ml_t.retsite), [tprov] "m"(__ml_t.retprov), [ext] "i"(__ML_GEN_EXTERN)
	        : "cc");
#else
	__ml_leaf_result(r, fn, v);
#endif
}

/* Unoptimised, a pointer call's result as __ml_ld_at is a load's: its
 * meta and provenance (the return statement's step made) stored through m
 * and w, the value passed last and returned, so that no variable of the
 * caller's, which gcc -O0 would keep in a callee-saved register, holds it. */
__ML_INLINE __ml_uptr __ml_result_at(__ml_meta_t *m, __ml_prov_t *w, __ml_uptr fn, __ml_uptr v)
{
	const struct __ml_site *s;
	if (__ML_UNLIKELY(__ml_t.retfn != fn)) { /* (unseen code's) */
		struct __ml_rw r;
		__ml_result(&r, fn, v);
		*m = r.ret;
		*w = r.prov;
		return v;
	}
	/* what __ml_result gives, without its copies */
	*m = __ml_t.ret;
	s = __ml_t.retsite;
	*w = s ? __ml_pend(s, __ml_t.retprov) : __ml_t.retprov;
	return v;
}

/* Meta of a pointer value from code we cannot follow (casts from integers,
 * statement expressions, va_arg). */
__ML_INLINE __ml_meta_t __ml_metav(__ml_uptr v)
{
	__ml_meta_t m = __ML_NULL;
	if (v)
		__ML_KEEP1(m, __ml_meta_of, (const void *)v);
	return m;
}

/* Hand a pointer result's meta to the caller, with its provenance: the
 * step of the return statement at site, and the word the value came from.
 * A constant self of 0 is a function only a direct table's call calls,
 * which takes the words untested (instrument's selfWord): retfn is left
 * as it is, since no caller compares it with 0 (a function's address). */
static __inline__ __attribute__((always_inline, unused __ML_UNTRACKED)) void
__ml_ret_words(__ml_uptr self, __ml_meta_t m, const struct __ml_site *site, __ml_prov_t w)
{
	__ml_t.ret = m;
	if (!__builtin_constant_p(self) || self)
		__ml_t.retfn = self;
	__ml_t.retsite = site;
	__ml_t.retprov = w;
}
__ML_INLINE void __ml_setret(__ml_uptr self, __ml_meta_t m, const struct __ml_site *site,
                             __ml_prov_t w)
{
	__ml_ret_words(self, m, site, w);
}
/* The same for a value whose own step (ps, from word pw) may be pending:
 * then both steps go into the ring as one (__ml_pend2), none pending. */
__ML_INLINE void __ml_setret2(__ml_uptr self, __ml_meta_t m, const struct __ml_site *site,
                              const struct __ml_site *ps, __ml_prov_t pw)
{
	if (ps) {
		pw = __ml_pend2(site, ps, pw);
		site = 0;
	}
	__ml_setret(self, m, site, pw);
}
/* A direct function's pointer result (instrument's resultVar): its meta
 * and provenance in a variable of the calling function's, whose address
 * only the call takes. Inlined, gcc keeps the words in registers, where
 * __ml_t's would be stored for any call or asm statement that follows. */
__ML_INLINE void __ml_setret_rw(struct __ml_rw *rw, __ml_meta_t m, const struct __ml_site *site,
                                __ml_prov_t w)
{
	rw->ret = m;
	rw->site = site;
	rw->prov = w;
}
/* And __ml_setret2's, for a value whose own step may be pending. */
__ML_INLINE void __ml_setret2_rw(struct __ml_rw *rw, __ml_meta_t m, const struct __ml_site *site,
                                 const struct __ml_site *ps, __ml_prov_t pw)
{
	__ml_setret_rw(rw, m, ps ? 0 : site, ps ? __ml_pend2(site, ps, pw) : pw);
}
/* Unoptimised, a return statement's value v is passed last (gcc -O0
 * evaluates it first, before the side words the other arguments read) to
 * one call that pops the side frame's words (exit's high half) and puts
 * the depth back (its low half), returning v: no variable holds it across
 * __ml_setret's and __ml_leave's calls in a callee-saved register
 * (instrument's exitValue). __ml_return_at hands a pointer's meta on too. */
static __inline__ __attribute__((always_inline, unused __ML_UNTRACKED)) __ml_uptr __ml_exit_words(__ml_uptr exit, __ml_uptr v)
{
	__ml_t.side -= exit >> 32;
	__ml_leave((unsigned)exit);
	return v;
}
__ML_INLINE __ml_uptr __ml_exit_at(__ml_uptr exit, __ml_uptr v)
{
	return __ml_exit_words(exit, v);
}
__ML_INLINE __ml_uptr __ml_return_at(__ml_uptr self, __ml_meta_t m, const struct __ml_site *site,
                                                    __ml_prov_t w, __ml_uptr exit, __ml_uptr v)
{
	__ml_ret_words(self, m, site, w);
	return __ml_exit_words(exit, v);
}

/* A local's declaration is reached: register it, unless old (its meta
 * variable) already names it, alive (a goto back over the declaration, a
 * block without a scope of its own run again; never when the compiler
 * sees old is still the variable's first value). */
__ML_INLINE __ml_meta_t __ml_local(__ml_uptr a, __ml_uptr n, const struct __ml_site *decl,
                                   __ml_meta_t old)
{
	__ml_meta_t m;
	if (__builtin_constant_p(old) && old == __ML_WILD) {
		__ML_KEEPG3(m, __ml_register_local, a, n, decl);
		return m;
	}
	const struct __ml_rec *r = __ml_rec_of(old);
	if ((r->gen == (unsigned)(old >> 32)) & (r->base == a) & (r->end == a + n))
		return old;
	__ML_KEEPG3(m, __ml_register_local, a, n, decl);
	return m;
}

/* A lent local's declaration is reached: a local whose pointers are only
 * dereferenced, compared or lent to callees that do the same, so none
 * outlives its scope (lent.go). It needs bounds but no retirement: it is
 * registered in the record its thread keeps for the position it takes on
 * the stack of locals, whose generation never changes. The runtime takes
 * the rest: a position without a record yet, and old (its meta variable)
 * set already (a goto back over the declaration, a block without a scope
 * of its own run again, a longjmp back before it). */
__ML_INLINE __ml_meta_t __ml_lent(__ml_uptr a, __ml_uptr n, const struct __ml_site *decl,
                                  __ml_meta_t old)
{
	unsigned k = __ml_t.nobj;
	if (__ML_UNLIKELY((old != __ML_WILD) | (k >= __ml_t.nlent)))
		return __ml_register_lent(a, n, decl, old);
	__ml_meta_t m = __ml_t.lent[k];
	unsigned s = (unsigned)m, d = __ml_t.depth;
	struct __ml_local *l = &__ml_t.locals[k];
	struct __ml_rec *r = __ml_rec_of(s);
	/* the position is claimed by the count; a signal handler's locals
	 * may have taken it before, so it is written again after */
	*l = (struct __ml_local){s, d | __ML_LENT_DEPTH};
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	__ml_t.nobj = k + 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	*l = (struct __ml_local){s, d | __ML_LENT_DEPTH};
	r->base = a;
	r->end = a + n;
	__ML_LSITES[s].decl = decl;
	__ML_LSITES[s].caller = d - 2 < __ML_MAX_FRAMES - 1 ? __ml_t.frames[d - 2] : 0;
	return m;
}

/* A lent local of a function at depth d (its __ml_enter's value), its
 * k-th (of the first __ML_LENT_PER_FRAME): registered in the record its
 * thread keeps for that frame and k, which no other function uses while
 * this one runs (the functions it calls, and a signal handler's, are
 * deeper), so its position on the stack of locals, the count and the
 * scope's end are left alone. A declaration reached again writes the same
 * bounds. Depths sharing the last frame slot take __ml_lent's way. */
#define __ML_LENT_FRAMES (__ML_MAX_FRAMES - 1)
#define __ML_LENT_PER_FRAME 4u
__ML_INLINE __ml_meta_t __ml_lent_frame(__ml_uptr a, __ml_uptr n, const struct __ml_site *decl,
                                        __ml_meta_t old, unsigned d, unsigned k, int keep)
{
	const __ml_meta_t *t = __ml_t.lentframes;
	__ml_meta_t m;
	if (k >= __ML_LENT_PER_FRAME)
		return __ml_lent(a, n, decl, old);
	if (__ML_UNLIKELY((d >= __ML_LENT_FRAMES) | (t == 0)) ||
	    __ML_UNLIKELY((m = t[d * __ML_LENT_PER_FRAME + k]) == 0)) {
		if (keep)
			__ML_KEEP5(m, __ml_register_lent_at, a, n, decl, old, (__ml_uptr)d * __ML_LENT_PER_FRAME + k);
		else
			m = __ml_register_lent_at(a, n, decl, old, (__ml_uptr)d * __ML_LENT_PER_FRAME + k);
		return m;
	}
	unsigned s = (unsigned)m;
	struct __ml_rec *r = __ml_rec_of(s);
	r->base = a;
	r->end = a + n;
	__ML_LSITES[s].decl = decl;
	__ML_LSITES[s].caller = d ? __ml_t.frames[d - 1] : 0;
	return m;
}
__ML_INLINE __ml_meta_t __ml_lent_at(__ml_uptr a, __ml_uptr n, const struct __ml_site *decl,
                                     __ml_meta_t old, unsigned d, unsigned k)
{
	return __ml_lent_frame(a, n, decl, old, d, k, 0);
}
/* __ml_lent_at of a scalar (lent.go): its once-a-frame slow path through
 * a trampoline that keeps every register, so a leaf keeps no values in
 * callee-saved registers for it. An array keeps the plain call: its frame
 * stays laid out as before, for a reported overflow that the program then
 * performs (bugs/sbo_thread_buffer's byte past a 12-byte buffer landed on
 * a saved register when its function saved fewer). */
__ML_INLINE __ml_meta_t __ml_lent_scalar_at(__ml_uptr a, __ml_uptr n, const struct __ml_site *decl,
                                            __ml_meta_t old, unsigned d, unsigned k)
{
	return __ml_lent_frame(a, n, decl, old, d, k, 1);
}

/* The cleanup of a block's scope variable (its value: the thread's count
 * of live locals when the block began): runs on every way out of the
 * block but longjmp, which __ml_after_setjmp handles. One lent local
 * above needs no retiring. */
__ML_INLINE void __ml_scope_end(const unsigned *h)
{
	unsigned n = __ml_t.nobj;
	if (n > *h) {
		if ((n == *h + 1) & (__ml_t.locals[*h].depth >= __ML_LENT_DEPTH))
			__ml_t.nobj = *h;
		else
			__ml_scope_pop(*h);
	}
}

/* __ml_scope_end of a block whose locals are all lent scalars with a
 * record of their frame's (__ml_lent_scalar_at): only a function deeper
 * than the frame slots puts them on the stack of locals, so the runtime's
 * pop is called through a trampoline that keeps every register, and a
 * leaf stays one. */
__ML_INLINE void __ml_scope_end_lent(const unsigned *h)
{
	if (__ML_UNLIKELY(__ml_t.nobj > *h))
		__ML_KEEP1_VOID(__ml_scope_pop, *h);
}

/* The cleanup of a function body's scope variable, which holds nothing:
 * the body's locals are those registered at its depth, above the thread's
 * once its exits have left it, so no count of live locals taken at entry
 * is held across the body in a callee-saved register. Its exits leave
 * before the cleanup runs (a return's __ml_leave, then the block's end). */
__ML_INLINE int __ml_body_registered(void)
{
	unsigned n = __ml_t.nobj;
	return n && (__ml_t.locals[n - 1].depth & ~__ML_LENT_DEPTH) > __ml_t.depth;
}
__ML_INLINE void __ml_scope_end_body(unsigned *unused)
{
	(void)unused;
	if (__ml_body_registered())
		__ML_KEEPG1_VOID(__ml_scope_pop_depth, __ml_t.depth);
}
/* And __ml_scope_end_lent's: only a function deeper than the frame slots
 * puts its lent scalars on the stack of locals. */
__ML_INLINE void __ml_scope_end_body_lent(unsigned *unused)
{
	(void)unused;
	if (__ML_UNLIKELY(__ml_body_registered()))
		__ML_KEEP1_VOID(__ml_scope_pop_depth, __ml_t.depth);
}

/* Loss tracking: the caller (at shadow-stack depth depth) calls setjmp
 * on env: a longjmp to env stops unwinding at its frame. */
void __ml_setjmp_at(const void *env, unsigned depth);
/* longjmp from instrumented code (loss tracking; __ml_t.xsite: the
 * call): the frames it skips drop their pointer locals' references. */
void __ml_longjmp(void *env, int val) __attribute__((noreturn));
/* pthread_exit from instrumented code (loss tracking). */
void __ml_pthread_exit(void *v) __attribute__((noreturn));

/* setjmp returns a second time after longjmp skipped frames: restore depth
 * and the side stack's top (side: the caller's, which has none), and retire the locals registered since setjmp was called (h of them
 * were live then). */
__ML_INLINE int __ml_after_setjmp(unsigned d, __ml_uptr *side, unsigned h, int v)
{
	__ml_leave(d + 1);
	__ml_t.side = side;
	__ml_scope_end(&h);
	return v;
}

/* ---- typestates (typestate.c, docs/TYPESTATE.md; paper 003) ----
 * Units that include a header of `memlens typestate gen` check each access
 * through a pointer against the typestate of the bytes it touches and the
 * thread's permissions. The typestate map holds one id per 8-byte granule
 * of memory, at __ML_PCK_IDS + (a mod 2^47) / 8: address space mapped at
 * start-up (but the live-base map's part, the image of no application
 * address), whose pages cost memory once a typestate is put in their part;
 * a read of the others finds 0, UNMAPPED (a non-canonical address wraps,
 * and the runtime reads no typestate outside application memory). A granule
 * whose bytes differ has id 255 (no typestate's, no permission has its
 * bit), as has a check across granules: the slow path reads the bytes'
 * own ids. The permissions are the innermost frame of the thread's stack
 * of grants: 4 words of read bits then 4 of write bits, one per typestate
 * (none until the thread's first check, whose slow path sets them up). */
#define __ML_PCK_IDS 0x3c0000000000UL
#define __ML_PCK_ID_AT(a) ((const unsigned char *)(__ML_PCK_IDS + (((__ml_uptr)(a) << 17) >> 20)))
extern __thread const unsigned long *__ml_pck_perm __ML_TLS_MODEL;
void __ml_pck_chk_slow(__ml_uptr a, __ml_uptr n, const struct __ml_site *site, int w) __attribute__((cold, noinline));
/* A loop's pre-check of the n bytes at a for accesses of kind w and size
 * bytes: how many addresses from a they may start at unchecked (0: none). */
__ml_uptr __ml_pck_pre(__ml_uptr a, __ml_uptr n, __ml_uptr size, int w);
/* An annotated function's grants: a static record the instrumenter makes
 * for it (its annotations, the generated header's struct __ml_pck_ann, in
 * order, and the function's site). The runtime fills in what they do to
 * the first word of permissions, together, once the layout came: p & keep
 * | set_r (reads), p & keep | set_w (writes); ready then. */
struct __ml_pck_fn {
	const void *const *anns;
	unsigned n;
	int ready; /* keep, set_r and set_w are made (the layout's typestates fit one word) */
	const struct __ml_site *site;
	unsigned long keep, set_r, set_w;
};
/* The thread's frames of grants follow one another, __ML_PCK_FRAME_WORDS
 * words each: the permissions, then the struct __ml_pck_fn pushed (NULL
 * for a pck_protect). __ml_pck_room is the last frame a push may fill, or
 * NULL while the thread's frames are not made for the layout. */
#define __ML_PCK_FRAME_WORDS 11
extern __thread const unsigned long *__ml_pck_room __ML_TLS_MODEL;
const unsigned long *__ml_pck_enter_slow(struct __ml_pck_fn *fn);
/* An annotated function's entry: push a frame of fn's grants for its run;
 * returns the frame to go back to, which __ml_pck_leave, its cleanup,
 * restores. */
__ML_INLINE const unsigned long *__ml_pck_enter(struct __ml_pck_fn *fn)
{
	const unsigned long *p = __ml_pck_perm;
	/* fn's own frame is the innermost (recursion): its grants, applied
	 * again, change nothing, and the reports name the same annotations */
	if (((struct __ml_pck_fn *const *)p)[8] == fn)
		return p;
	if (__ML_LIKELY(__atomic_load_n(&fn->ready, __ATOMIC_ACQUIRE) && p < __ml_pck_room)) {
		unsigned long *f = (unsigned long *)p + __ML_PCK_FRAME_WORDS;
		f[0] = (p[0] & fn->keep) | fn->set_r;
		f[4] = (p[4] & fn->keep) | fn->set_w;
		((struct __ml_pck_fn **)f)[8] = fn;
		/* a signal handler sees the old frame or the made one */
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		__ml_pck_perm = f;
		return p;
	}
	return __ml_pck_enter_slow(fn);
}
__ML_INLINE void __ml_pck_leave(const unsigned long *const *from)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	__ml_pck_perm = *from;
}
/* The depth of the thread's stack of grants, taken as setjmp is called;
 * at its second return (v != 0: a longjmp came back, skipping annotated
 * functions whose cleanups did not run), the grants pushed since are
 * popped. */
unsigned __ml_pck_depth(void);
void __ml_pck_unwind(unsigned depth);
__ML_INLINE int __ml_pck_after_setjmp(unsigned depth, int v)
{
	if (v)
		__ml_pck_unwind(depth);
	return v;
}
/* A setjmp's own words (the count of live locals, the side stack's top,
 * the grants' depth and its function's depth), kept in its jmp_buf rather
 * than in the caller's frame, which holds every value that lives across a
 * setjmp in a slot of its own: written at the first return, when they are
 * still those of the call, read at a longjmp's. They go in the last four
 * words of the jmp_buf's signal mask (glibc's 200-byte jmp_buf: the mask's
 * 128 bytes at 72), whose first 8 are the kernel's mask, all that
 * sigsetjmp saves and siglongjmp restores. */
#define __ML_JMP_KEPT 168
__ML_INLINE int __ml_setjmp_kept(void *env, int v)
{
	__ml_uptr *w = (__ml_uptr *)((char *)env + __ML_JMP_KEPT);
	if (__ML_LIKELY(v == 0)) {
		w[0] = __ml_t.nobj;
		w[1] = (__ml_uptr)__ml_t.side;
		w[2] = __ml_pck_depth();
		w[3] = __ml_t.depth - 1u;
		return 0;
	}
	return __ml_pck_after_setjmp((unsigned)w[2], __ml_after_setjmp((unsigned)w[3], (__ml_uptr *)w[1], (unsigned)w[0], v));
}
/* The granule id an access of n bytes at a checks: 255 across granules.
 * (Tested as n > 8 or a's offset in its granule past 8 - n: for a
 * constant n, one test of a's low bits, where gcc kept (a & 7) + n.) */
__ML_INLINE unsigned long __ml_pck_id(__ml_uptr a, __ml_uptr n)
{
	if (__ML_UNLIKELY(n > 8 || (a & 7) > 8 - n))
		return 255;
	return *__ML_PCK_ID_AT(a);
}
/* Whether bits has the bit of id mod 64: on x86_64 one bt, which takes a
 * register's bit offset mod 64 itself, where C needs the mask. */
__ML_INLINE int __ml_pck_bit(unsigned long bits, unsigned long id)
{
#if !defined(__ML_NO_ASM) && defined(__x86_64__) && defined(__GCC_ASM_FLAG_OUTPUTS__)
	_Bool set;
	__asm__("btq %2, %1" : "=@ccc"(set) : "r"(bits), "r"(id));
	return set;
#else
	return (bits >> (id & 63)) & 1;
#endif
}
/* Check an access of n bytes at a (w: a write). Under a narrow layout (at
 * most 63 typestates) an id's bit is in the first word of permissions, and
 * id 255's (a split granule, an access across granules) is bit 63 of it,
 * which no frame has then (typestate.c's ml_pck_deny_split), so the test
 * needs no word's index. */
__ML_INLINE void __ml_pck_chk_in(__ml_uptr a, __ml_uptr n, const struct __ml_site *site, int w, int narrow,
                                 const struct __ml_site *cs)
{
	const unsigned long *perm = __ml_pck_perm;
	unsigned long id = __ml_pck_id(a, n);
	if (__ML_LIKELY(__ml_pck_bit(perm[w * 4 + (narrow ? 0 : id >> 6)], id)))
		return;
	__ml_at_call(cs);
	__ml_pck_chk_slow(a, n, site, w);
	__ml_at_call_done(cs);
}
/* The check of a unit whose layout is narrow, and of one whose layout is
 * wider (or not known); the _at forms are a call-site leaf's (instrument's
 * callSite: cs, when not 0, is stored in the caller's frame before the
 * slow path, which may report, as __ML_CS_STORE_at does). */
__ML_INLINE void __ml_pck_chk(__ml_uptr a, __ml_uptr n, const struct __ml_site *site, int w)
{
	__ml_pck_chk_in(a, n, site, w, 1, 0);
}
__ML_INLINE void __ml_pck_chk_wide(__ml_uptr a, __ml_uptr n, const struct __ml_site *site, int w)
{
	__ml_pck_chk_in(a, n, site, w, 0, 0);
}
__ML_INLINE void __ml_pck_chk_at(__ml_uptr a, __ml_uptr n, const struct __ml_site *site, int w, const struct __ml_site *cs)
{
	__ml_pck_chk_in(a, n, site, w, 1, cs);
}
__ML_INLINE void __ml_pck_chk_wide_at(__ml_uptr a, __ml_uptr n, const struct __ml_site *site, int w, const struct __ml_site *cs)
{
	__ml_pck_chk_in(a, n, site, w, 0, cs);
}
/* A narrow layout's check of the 8 bytes at a whose granules around, the
 * `before` before it and the `after` after, later accesses of the same kind
 * take with no call between (instrument's pckPair): whether their ids
 * passed too (perm: the kind's bits), so that those accesses need no check
 * of their own. (The granules after a's follow its id: the map ends a page
 * past its last id; those before are found as their own checks would.) */
__ML_INLINE int __ml_pck_run_ok(__ml_uptr a, const unsigned char *at, unsigned long perm, int before, int after)
{
	int ok = 1;
	for (int i = 1; i <= after; i++)
		ok &= __ml_pck_bit(perm, at[i]);
	for (int i = 1; i <= before; i++)
		ok &= __ml_pck_bit(perm, *__ML_PCK_ID_AT(a - 8 * i));
	return ok;
}
/* The check of such a, as __ml_pck_chk's (0 when it fails, its slow path
 * taken). */
__ML_INLINE int __ml_pck_chk_pair_in(__ml_uptr a, int before, int after, const struct __ml_site *site, int w,
                                     const struct __ml_site *cs)
{
	const unsigned long perm = __ml_pck_perm[w * 4];
	const unsigned char *at = __ML_PCK_ID_AT(a);
	if (__ML_LIKELY(!(a & 7) && __ml_pck_bit(perm, at[0]))) /* (__ml_pck_id's test, the ids' address once) */
		return __ml_pck_run_ok(a, at, perm, before, after);
	__ml_at_call(cs);
	__ml_pck_chk_slow(a, 8, site, w);
	__ml_at_call_done(cs);
	return 0;
}
__ML_INLINE int __ml_pck_chk_pair(__ml_uptr a, int before, int after, const struct __ml_site *site, int w)
{
	return __ml_pck_chk_pair_in(a, before, after, site, w, 0);
}
__ML_INLINE int __ml_pck_chk_pair_at(__ml_uptr a, int before, int after, const struct __ml_site *site, int w,
                                     const struct __ml_site *cs)
{
	return __ml_pck_chk_pair_in(a, before, after, site, w, cs);
}
/* An annotated function that makes no call keeps its grants in a local
 * instead of pushing a frame: nothing it runs reads the thread's frames
 * but its own checks. The local holds the read and write bits over the
 * caller's frame, composed as __ml_pck_enter composes them (none while fn
 * is not ready; a split granule's is bit 63, as in __ml_pck_chk: such a
 * check takes the slow path, which pushes fn's frame for its run and
 * checks as usual). Only under a layout of at most 63 typestates. */
struct __ml_pck_local {
	unsigned long r, w;
	struct __ml_pck_fn *fn;
};
void __ml_pck_chk_local_slow(__ml_uptr a, __ml_uptr n, const struct __ml_site *site, int w, struct __ml_pck_fn *fn) __attribute__((cold, noinline));
__ml_uptr __ml_pck_pre_local(__ml_uptr a, __ml_uptr n, __ml_uptr size, int w, struct __ml_pck_fn *fn);
__ML_INLINE struct __ml_pck_local __ml_pck_enter_local(struct __ml_pck_fn *fn)
{
	/* fn's masks are 0 until the runtime makes them (ready), which composes
	 * no permission, as not ready must; read while they are made (each an
	 * aligned word the runtime stores whole), they give some of the bits,
	 * never more: either way a check falls back to the slow path, so the
	 * ready flag needs no test here (and plain loads let gcc drop the one
	 * of the kind of access the function does not make) */
	const unsigned long *p = __ml_pck_perm;
	struct __ml_pck_local l = {(p[0] & fn->keep) | fn->set_r, (p[4] & fn->keep) | fn->set_w, fn};
	return l;
}
/* own: the check tests the function's own grants first (fn's set bits,
 * which the composition always holds: what an annotated function mostly
 * touches), then the composition, made there from the thread's frame,
 * which the function does not change while it runs, as at its entry, so
 * that gcc drops the entry's where no other check reads it (instrument's
 * pckCheck: in a function without loops, whose checks run once, and where
 * a transition's test failed); else the entry's. */
__ML_INLINE void __ml_pck_chk_local_in(__ml_uptr a, __ml_uptr n, const struct __ml_site *site, int w,
                                       const struct __ml_pck_local *l, int own, const struct __ml_site *cs)
{
	unsigned long id = __ml_pck_id(a, n);
	struct __ml_pck_local now = *l;
	if (own) {
		if (__ML_LIKELY(__ml_pck_bit(w ? l->fn->set_w : l->fn->set_r, id)))
			return;
		now = __ml_pck_enter_local(l->fn);
	}
	if (__ML_LIKELY(__ml_pck_bit(w ? now.w : now.r, id))) /* (a layout of at most 63 typestates: as __ml_pck_chk) */
		return;
	__ml_at_call(cs);
	__ml_pck_chk_local_slow(a, n, site, w, l->fn);
	__ml_at_call_done(cs);
}
__ML_INLINE void __ml_pck_chk_local(__ml_uptr a, __ml_uptr n, const struct __ml_site *site, int w, const struct __ml_pck_local *l)
{
	__ml_pck_chk_local_in(a, n, site, w, l, 0, 0);
}
__ML_INLINE void __ml_pck_chk_local_at(__ml_uptr a, __ml_uptr n, const struct __ml_site *site, int w,
                                       const struct __ml_pck_local *l, const struct __ml_site *cs)
{
	__ml_pck_chk_local_in(a, n, site, w, l, 0, cs);
}
__ML_INLINE void __ml_pck_chk_local_own(__ml_uptr a, __ml_uptr n, const struct __ml_site *site, int w, const struct __ml_pck_local *l)
{
	__ml_pck_chk_local_in(a, n, site, w, l, 1, 0);
}
__ML_INLINE void __ml_pck_chk_local_own_at(__ml_uptr a, __ml_uptr n, const struct __ml_site *site, int w,
                                           const struct __ml_pck_local *l, const struct __ml_site *cs)
{
	__ml_pck_chk_local_in(a, n, site, w, l, 1, cs);
}
/* __ml_pck_chk_pair's, with the grants of l (own: its function's own
 * first, and for its own 8 bytes only, as __ml_pck_chk_local_in's: 0, the
 * others are checked on their own). */
__ML_INLINE int __ml_pck_chk_local_pair_in(__ml_uptr a, int before, int after, const struct __ml_site *site, int w,
                                           const struct __ml_pck_local *l, int own, const struct __ml_site *cs)
{
	const unsigned long perm = own ? (w ? l->fn->set_w : l->fn->set_r) : w ? l->w : l->r;
	const unsigned char *at = __ML_PCK_ID_AT(a);
	if (__ML_LIKELY(!(a & 7) && __ml_pck_bit(perm, at[0])))
		return __ml_pck_run_ok(a, at, perm, before, after);
	__ml_pck_chk_local_in(a, 8, site, w, l, own, cs);
	return 0;
}
__ML_INLINE int __ml_pck_chk_local_pair(__ml_uptr a, int before, int after, const struct __ml_site *site, int w,
                                        const struct __ml_pck_local *l)
{
	return __ml_pck_chk_local_pair_in(a, before, after, site, w, l, 0, 0);
}
__ML_INLINE int __ml_pck_chk_local_pair_at(__ml_uptr a, int before, int after, const struct __ml_site *site, int w,
                                           const struct __ml_pck_local *l, const struct __ml_site *cs)
{
	return __ml_pck_chk_local_pair_in(a, before, after, site, w, l, 0, cs);
}
__ML_INLINE int __ml_pck_chk_local_own_pair(__ml_uptr a, int before, int after, const struct __ml_site *site, int w,
                                            const struct __ml_pck_local *l)
{
	return __ml_pck_chk_local_pair_in(a, before, after, site, w, l, 1, 0);
}
__ML_INLINE int __ml_pck_chk_local_own_pair_at(__ml_uptr a, int before, int after, const struct __ml_site *site, int w,
                                               const struct __ml_pck_local *l, const struct __ml_site *cs)
{
	return __ml_pck_chk_local_pair_in(a, before, after, site, w, l, 1, cs);
}
/* The one granule id of the n bytes at a (n > 0), in at most 256 granules
 * (a block's payload of up to 2 KiB), read from the map eight at a time; else 255,
 * which no permission allows: a loop's range pre-check inline. */
__ML_INLINE unsigned long __ml_pck_range_id(__ml_uptr a, __ml_uptr n)
{
	__ml_uptr k = ((a + n - 1) >> 3) - (a >> 3); /* the granules after the first */
	const unsigned char *at = __ML_PCK_ID_AT(a), *last;
	unsigned long ids, pat;
	if (k >= 256)
		return 255;
	__builtin_memcpy(&ids, at, sizeof ids);
	pat = (ids & 0xff) * 0x0101010101010101UL;
	if (k < 8)
		return !((ids ^ pat) << 8 * (7 - k)) ? ids & 0xff : 255;
	/* the next eights, then the last eight (overlapping those before) */
	for (last = at + k - 7; ids == pat && (at += 8) < last;)
		__builtin_memcpy(&ids, at, sizeof ids);
	if (ids != pat)
		return 255;
	__builtin_memcpy(&ids, last, sizeof ids);
	return ids == pat ? ids & 0xff : 255;
}
/* A loop's range pre-check under a layout of at most 63 typestates
 * (__ml_pck_pre; __ml_pck_pre_local in a function whose grants are l):
 * a range __ml_pck_range_id finds of one id the thread's (or l's) bits
 * allow passes inline, the runtime's common case with the same bits, and
 * gets what the runtime returns (how many addresses an access of size
 * bytes may start at); any other goes to the runtime. */
__ML_INLINE __ml_uptr __ml_pck_pre_in(__ml_uptr a, __ml_uptr n, __ml_uptr size, int w)
{
	if (n >= size && size && __ml_pck_bit(__ml_pck_perm[w * 4], __ml_pck_range_id(a, n)))
		return n - size + 1;
	return __ml_pck_pre(a, n, size, w);
}
__ML_INLINE __ml_uptr __ml_pck_pre_in_local(__ml_uptr a, __ml_uptr n, __ml_uptr size, int w, const struct __ml_pck_local *l)
{
	if (n >= size && size && __ml_pck_bit(w ? l->w : l->r, __ml_pck_range_id(a, n)))
		return n - size + 1;
	return __ml_pck_pre_local(a, n, size, w, l->fn);
}

#endif

/* uninit.c: definedness — which bytes hold a value the program wrote.
 *
 * One shadow bit per application byte (memlens.h's __ML_DEF_SHADOW), set
 * while the byte is undefined: heap from the instrumented program's malloc
 * (and realloc's growth), a local declared without initializer. Stores
 * clear the bits they cover; copies (struct assignment, memcpy, a scalar
 * assigned from memory or computed from such values) carry them along;
 * uses (a branch, an index, a dereference, a divisor, a call's argument,
 * a libc function reading the bytes) check them: UNINITIALIZED-READ. Memory nobody poisoned reads as
 * defined, and a freed heap block is cleared, so libc's own memory (and
 * memory it hands out later) is never reported.
 *
 * Origins: each record keeps, in its rare details (ml_rare), where
 * undefined bytes copied into it came from (0: its own creation). An
 * origin as handed to instrumented code is the site of a local's
 * declaration (even) or an entry of the origin table below (odd:
 * index << 1 | 1).
 */
#include "internal.h"

#include <dlfcn.h>
#include <string.h>
#include <sys/mman.h>

static inline uint8_t *ml_dsh(uptr a)
{
	return (uint8_t *)__ML_DEF_SHADOW(a);
}

static inline int ml_bit(uptr a)
{
	return (*ml_dsh(a) >> (a & 7)) & 1;
}

/* Set (undef) or clear the bits of [a, hi), bytes whose bits lie in one
 * shadow byte: atomically where it is shared with bytes outside the range
 * and other threads run (__ml_mt: a neighbour may be another thread's
 * object); alone, a plain load and store (a lock prefix drains the store
 * buffer: a scalar local's poison at each call). */
static inline void ml_def_bits(uptr a, uptr hi, int undef)
{
	uint8_t mask = (uint8_t)(((1u << (hi - a)) - 1) << (a & 7));
	uint8_t *s = ml_dsh(a);
	if (ML_UNLIKELY(ML_LOAD(&__ml_mt))) {
		if (undef)
			__atomic_fetch_or(s, mask, __ATOMIC_RELAXED);
		else if (ML_LOAD(s) & mask)
			__atomic_fetch_and(s, (uint8_t)~mask, __ATOMIC_RELAXED);
	} else if (undef)
		*s |= mask;
	else if (*s & mask)
		*s &= (uint8_t)~mask;
}

/* ml_def_set's loop, for ranges over several shadow bytes. */
static void ml_def_range(uptr a, uptr n, int undef)
{
	if (!n || !ml_app_range(a, n))
		return;
	uptr e = a + n;
	while (a < e) {
		uptr ge = (a & ~(uptr)7) + 8;
		if ((a & 7) == 0 && e >= ge) {
			uptr full = (e - a) >> 3;
			memset(ml_dsh(a), undef ? 0xff : 0, full);
			a += full << 3;
			continue;
		}
		uptr hi = e < ge ? e : ge;
		ml_def_bits(a, hi, undef);
		a = hi;
	}
}

/* Set (undef) or clear the bits of [a, a+n): most often a scalar's bytes,
 * whose bits lie in one shadow byte, or a small block's whole words (two
 * to eight shadow bytes: two overlapping stores); no loop, no call. */
__attribute__((always_inline)) static inline void ml_def_set(uptr a, uptr n, int undef)
{
	if (n && (a & 7) + n <= 8 && ml_app_range(a, n)) {
		if (n == 8)
			*ml_dsh(a) = undef ? 0xff : 0;
		else
			ml_def_bits(a, a + n, undef);
	} else if (!((a | n) & 7) && n - 1 < 64 && ml_app_range(a, n)) { /* (n 16 to 64) */
		uint32_t v = undef ? ~(uint32_t)0 : 0;
		uint8_t *s = ml_dsh(a);
		uptr k = n >> 3;
		if (k >= 4) {
			memcpy(s, &v, 4);
			memcpy(s + k - 4, &v, 4);
		} else {
			memcpy(s, &v, 2);
			memcpy(s + k - 2, &v, 2);
		}
	} else
		ml_def_range(a, n, undef);
}

/* The first undefined byte of [a, a+n), or 0. */
static uptr ml_first_undef(uptr a, uptr n)
{
	if (!n || !ml_app_range(a, n))
		return 0;
	uptr e = a + n;
	while (a < e) {
		if ((a & 7) == 0 && e - a >= 64) {
			uint64_t w;
			memcpy(&w, ml_dsh(a), sizeof w);
			if (w == 0) {
				a += 64;
				continue;
			}
		}
		if ((a & 7) == 0 && e - a >= 8 && *ml_dsh(a) == 0) {
			a += 8;
			continue;
		}
		if (ml_bit(a))
			return a;
		a++;
	}
	return 0;
}

int ml_bytes_defined(uptr a, uptr n)
{
	return !ML_LOAD(&ml_def_on) || !ml_first_undef(a, n);
}

/* ---- origins ---- */

struct ml_origin {
	uint32_t kind;      /* __ML_KIND_HEAP, __ML_KIND_STACK, __ML_KIND_GLOBAL */
	uint32_t stack;     /* allocation stack, or the local's declaration stack */
	uint32_t tid;
	uint32_t pad;
	uint64_t id;        /* block id (0: a local that was no object) */
	uint64_t size;
};
#define ML_ORIGINS_MAX (1u << 20)

/* uninit.c's part of the state mapping (internal.h) */
struct ml_uninit_state {
	struct ml_origin *origins;
	uint32_t norigins; /* entry 0: unknown (1 once the table is mapped) */
	int origins_lock;
	int units_full;
	const char *unit_partial; /* the first unit without definedness */
	int units_lock;
};
_Static_assert(ML_ST_UNINIT + sizeof(struct ml_uninit_state) <= ML_ST_LEAKS, "uninit.c's state fits");
#define ML_US (&ML_STATE_AT(struct ml_uninit_state, ML_ST_UNINIT))
#define ml_origins (ML_US->origins)
#define ml_norigins (ML_US->norigins)
#define ml_origins_lock (ML_US->origins_lock)
#define ml_units_full (ML_US->units_full)
#define ml_unit_partial (ML_US->unit_partial)
#define ml_units_lock (ML_US->units_lock)

static uint32_t ml_origin_add(struct ml_origin o)
{
	ml_spin_lock(&ml_origins_lock);
	uint32_t i = 0;
	if (!ml_origins) {
		void *p = mmap(0, ML_ORIGINS_MAX * sizeof *ml_origins, PROT_READ | PROT_WRITE,
		               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (p != MAP_FAILED) {
			ml_origins = p;
			ml_norigins = 1;
		}
	}
	if (ml_origins && ml_norigins < ML_ORIGINS_MAX) {
		i = ml_norigins++;
		ml_origins[i] = o;
	}
	ml_spin_unlock(&ml_origins_lock);
	return i;
}

/* The origin of undefined bytes in the object of record slot s (its own
 * creation, unless bytes were copied in from elsewhere). */
static uptr ml_record_origin(unsigned s)
{
	uint32_t o = ml_rare_get(&ML_RARE[s].origin);
	if (o)
		return (uptr)o << 1 | 1;
	const struct __ml_rec *r = &__ML_RECS[s];
	struct ml_origin d = {0};
	d.kind = ml_rec_kind(r);
	d.id = ml_rec_id(r);
	d.size = r->end - r->base;
	d.tid = ml_rare_get(&ML_RARE[s].alloc_tid);
	d.stack = ml_rec_kind(r) == __ML_KIND_STACK ? ml_local_stack(s) : ML_COLD[s].alloc_stack;
	o = ml_origin_add(d);
	if (o)
		ml_rare_set(&ML_RARE[s].origin, o);
	return (uptr)o << 1 | 1;
}

/* The record slot of the live object containing [a, a+n) that meta m (or,
 * failing that, the address) names, or 0. */
static unsigned ml_object_at(uptr a, uptr n, meta_t m)
{
	for (int i = 0; i < 2; i++) {
		unsigned s = ml_meta_slot(m);
		const struct __ml_rec *r = &__ML_RECS[s];
		if (s >= __ML_FIRST_SLOT && r->gen == ml_meta_gen(m) && a >= r->base && a + n <= r->end &&
		    (ml_rec_kind(r) == __ML_KIND_HEAP || ml_rec_kind(r) == __ML_KIND_STACK || ml_rec_kind(r) == __ML_KIND_GLOBAL))
			return s;
		m = ml_ready() ? __ml_meta_of((const void *)a) : __ML_WILD;
	}
	return 0;
}

/* Origin o as an entry of the table (a local's declaration site becomes
 * one). */
static uptr ml_origin_entry(uptr o)
{
	if (o & 1)
		return o;
	const site_t *decl = (const site_t *)o;
	struct ml_origin d = {0};
	d.kind = __ML_KIND_STACK;
	d.stack = ml_stack_intern(&decl, 1);
	d.tid = ml_self_id();
	return (uptr)ml_origin_add(d) << 1 | 1;
}

/* Undefined bytes with origin o now live in the object of record slot s. */
static void ml_origin_set(unsigned s, uptr o)
{
	o = ml_origin_entry(ml_origin_base(o));
	if (o >> 1)
		ml_rare_set(&ML_RARE[s].origin, (uint32_t)(o >> 1));
}

/* Undefined bytes with origin o now live in the object at [a, a+n). */
static void ml_origin_move(uptr a, uptr n, meta_t m, uptr o)
{
	unsigned s = ml_object_at(a, n, m);
	if (s)
		ml_origin_set(s, o);
}

static uptr ml_bytes_origin(uptr a, uptr n, meta_t m, const site_t *decl);

/* ---- uninit records ----
 * A pointer never assigned has the meta of an uninit record (memlens.h:
 * slots [__ML_UNINIT, __ML_FIRST_SLOT), empty bounds, so every access
 * through it fails its check), which names where its undefined value came
 * from: a pointer local's declaration, or the origin of the bytes of a
 * slot never written that it was loaded from. One record per origin,
 * found again through a hash; when they run out, __ML_UNINIT, which names
 * nothing. */
#define ML_UNINIT_RECS (__ML_FIRST_SLOT - (unsigned)__ML_UNINIT)
#define ML_UNINIT_HASH 8192u /* a power of two, over twice ML_UNINIT_RECS */
static uptr ml_uninit_origins[ML_UNINIT_RECS] = {1}; /* by slot - __ML_UNINIT; 1: not known */
static uint16_t ml_uninit_hash[ML_UNINIT_HASH];      /* those indexes by origin; 0: free */
static unsigned ml_uninit_n = 1;
static int ml_uninit_lock;

/* The meta of the uninit record of origin o. */
static meta_t ml_uninit_meta(uptr o)
{
	o = ml_origin_base(o);
	if (o <= 1)
		return __ML_UNINIT;
	unsigned i = 0;
	ml_spin_lock(&ml_uninit_lock);
	for (unsigned h = (unsigned)__ML_HASH16(o) & (ML_UNINIT_HASH - 1);; h = (h + 1) & (ML_UNINIT_HASH - 1)) {
		i = ml_uninit_hash[h];
		if (i && ml_uninit_origins[i] == o)
			break;
		if (!i) {
			if (ml_uninit_n == ML_UNINIT_RECS)
				break; /* (i = 0: __ML_UNINIT) */
			i = ml_uninit_n++;
			ml_uninit_origins[i] = o;
			ml_rec_set(&__ML_RECS[__ML_UNINIT + i], 0, __ML_KIND_UNINIT);
			ml_uninit_hash[h] = (uint16_t)i;
			break;
		}
	}
	ml_spin_unlock(&ml_uninit_lock);
	return __ML_UNINIT + i;
}

/* The origin an uninit record's meta m names (1: not known). */
static uptr ml_uninit_origin(meta_t m)
{
	return ML_LOAD(&ml_uninit_origins[(unsigned)m - (unsigned)__ML_UNINIT]);
}

__ml_meta_t __ml_uninit_make(__ml_meta_t *cache, const struct __ml_site *decl)
{
	meta_t m = ml_uninit_meta((uptr)decl);
	ML_STORE(cache, m);
	return m;
}

__ml_meta_t __ml_uninit_loaded(__ml_uptr a, __ml_meta_t tag)
{
	return ml_uninit_meta(ml_bytes_origin(a, sizeof(uptr), tag, 0));
}

/* ---- which units track definedness ---- */

/* A unit built without --memlens-full writes memory without clearing its
 * bits, so a full unit reading that memory would report values that were
 * written: definedness is tracked only while every unit announced so far
 * (each from its constructor, before the program's own code runs; later
 * ones come with dlopen) tracks it. The first unit that does not turns
 * tracking off for good and forgets the bits already set. */
/* (ml_def_on and the units: in the state mapping) */

/* With -fcommon, tentative definitions of different sizes (`int a[10];`
 * here, `int a[20];` there) are one object of the largest: the record a
 * unit registered first grows to a later unit's size, with its
 * declaration. */
static void ml_global_grow(meta_t m, const struct __ml_global *g)
{
	unsigned s = ml_meta_slot(m);
	struct __ml_rec *r = &__ML_RECS[s];
	uptr base = (uptr)g->base;
	if (m == __ML_WILD || ML_LOAD(&r->base) != base || ML_LOAD(&r->end) >= base + g->size)
		return;
	ML_STORE(&r->end, base + g->size);
	ML_COLD[s].alloc_stack = ml_stack_capture(g->decl);
}

void __ml_unit(const struct __ml_unit_desc *unit)
{
	ml_ready();
	int note = 0, full = (unit->flags & __ML_UNIT_FULL) != 0;
	const char *file = unit->file;
	if (unit->flags & __ML_UNIT_COUNT)
		ml_steps_count();
	ml_spin_lock(&ml_units_lock);
	ml_names_unit(unit->sites, unit->nsites);
	if (full) {
		ml_units_full++;
		if (!ml_unit_partial && ml_flags.uninit)
			ML_STORE(&ml_def_on, 1);
		ml_def_kept_update();
		note = ml_units_full == 1 && ml_unit_partial;
	} else if (!ml_unit_partial) {
		ml_unit_partial = file;
		if (ML_LOAD(&ml_def_on)) {
			ML_STORE(&ml_def_on, 0);
			ml_def_kept_update();
			ml_def_forget();
		}
		note = ml_units_full > 0;
	}
	ml_loss_unit(full);
	ml_spin_unlock(&ml_units_lock);
	if (note && ml_flags.uninit)
		ml_printf("memlens: note: uninitialized reads are not checked: %s was compiled without "
		          "--memlens-full\n", ml_unit_partial);
	/* only while the meta is WILD: an external global's meta is shared by
	 * the program's units (weak), and with -fcommon the tentative
	 * definitions of two units are one object, registered once */
	for (uptr i = 0; i < unit->nglobals; i++) {
		const struct __ml_global *g = &unit->globals[i];
		if (*g->meta == __ML_WILD)
			*g->meta = __ml_register_global(g->base, g->size, g->decl);
		else
			ml_global_grow(*g->meta, g);
	}
}

/* ---- bytes defined a mask at a time ----
 * The shadow keeps a bit per byte. A byte whose bits are set by separate
 * masks in place (*p &= m; *p |= v: libtiff's _TIFFFax3fillruns), or one
 * of whose bit-fields got an undefined value, is undefined in part: its
 * undefined bits are kept here, by address, with the value the byte then
 * held, so a later update can define the rest and a read of a bit-field
 * whose bits are defined reads as defined. An entry stands while its byte
 * is undefined in the shadow and the bits the entry has defined still hold
 * their values there; one lost when its set of slots is full leaves its
 * byte wholly undefined, as the shadow alone has it. Each entry is one word (address
 * << 16, value << 8, undefined bits), so threads and signal handlers
 * update it atomically. */
#define ML_PARTIAL_SLOTS 16384u
#define ML_PARTIAL_WAYS 8u /* slots an address may take: a cache line's words */
static uint64_t ml_partial[ML_PARTIAL_SLOTS];
static int ml_partial_used;

/* The entry of the byte at a, or 0. */
static uint64_t *ml_partial_find(uptr a)
{
	uint64_t *set = &ml_partial[(a * 0x9e3779b97f4a7c15UL) >> 50 & ~(uptr)(ML_PARTIAL_WAYS - 1)];
	for (unsigned i = 0; i < ML_PARTIAL_WAYS; i++)
		if (ML_LOAD(&set[i]) >> 16 == a)
			return &set[i];
	return 0;
}

/* The byte at a is wholly defined or undefined again. */
static void ml_partial_drop(uptr a)
{
	uint64_t *e = ml_partial_find(a);
	if (e)
		ML_STORE(e, 0);
}

/* Undefined values were stored into [a, a+n) whole. */
static void ml_partial_forget(uptr a, uptr n)
{
	if (ML_LOAD(&ml_partial_used) && n <= 16)
		for (uptr i = 0; i < n; i++)
			ml_partial_drop(a + i);
}

/* The undefined bits of the byte at a, which holds cur, as far as the bits
 * keep go (xor-ed with flip: an update in place that flipped them). */
static unsigned ml_partial_undef(uptr a, unsigned cur, unsigned keep, unsigned flip)
{
	if (!ml_bit(a))
		return 0;
	uint64_t *at = ml_partial_find(a), e = at ? ML_LOAD(at) : 0;
	unsigned undef = e & 0xff;
	if (e >> 16 == a && ((((unsigned)(e >> 8) & 0xff) ^ flip ^ cur) & keep & ~undef) == 0)
		return undef;
	return 0xff;
}

/* The byte at a, holding val, has the undefined bits undef: in its own
 * entry, a free slot of its set, or in place of another byte's. */
static void ml_partial_put(uptr a, unsigned val, unsigned undef)
{
	uint64_t e = (uint64_t)a << 16 | (uint64_t)val << 8 | undef;
	uptr h = (a * 0x9e3779b97f4a7c15UL) >> 50;
	uint64_t *set = &ml_partial[h & ~(uptr)(ML_PARTIAL_WAYS - 1)], *at = ml_partial_find(a);
	for (unsigned i = 0; !at && i < ML_PARTIAL_WAYS; i++) {
		uint64_t free = 0;
		if (__atomic_compare_exchange_n(&set[i], &free, e, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
			goto stored;
	}
	ML_STORE(at ? at : &set[h & (ML_PARTIAL_WAYS - 1)], e);
stored:
	ML_STORE(&ml_partial_used, 1);
}

/* The n bytes at s were copied to d, undefined bits and all. */
static void ml_partial_copy(uptr d, uptr s, uptr n)
{
	if (!ML_LOAD(&ml_partial_used) || n > 256)
		return;
	for (uptr k = 0; k < n; k++) {
		uptr i = d <= s ? k : n - 1 - k;
		if (!ml_bit(d + i))
			continue;
		unsigned v = ((const uint8_t *)s)[i], undef = ml_partial_undef(s + i, v, 0xff, 0);
		if (undef != 0xff)
			ml_partial_put(d + i, v, undef);
		else
			ml_partial_drop(d + i);
	}
}

/* The bits of bit-field bits (its first bit's place in the byte at a, its
 * width << 8) that lie in byte i of it. */
static unsigned ml_field_mask(uptr bits, uptr i)
{
	uptr lo = bits & 7, width = bits >> 8;
	uint64_t m = (width >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << width) - 1);
	unsigned __int128 w = (unsigned __int128)m << lo;
	return (unsigned)(w >> 8 * i) & 0xff;
}

int __ml_field_defined(__ml_uptr a, __ml_uptr n, __ml_uptr bits)
{
	if (!bits || n > 9 || !ml_app_range(a, n))
		return 0;
	for (uptr i = 0; i < n; i++) {
		unsigned k = ml_field_mask(bits, i);
		if (ml_partial_undef(a + i, ((const uint8_t *)a)[i], k, 0) & k)
			return 0;
	}
	return 1;
}

int __ml_masked_defined(__ml_uptr a, __ml_uptr n, __ml_uptr mask)
{
	uptr size = n & 0xff;
	if (size > 8 || !ml_app_range(a, size))
		return 0;
	if ((n & 256) && size < 8 && mask >> 8 * size)
		mask |= (uptr)1 << (8 * size - 1); /* (the bits it widens with are its sign bit) */
	int undef = 0;
	for (uptr i = 0; i < size; i++) {
		unsigned k = (unsigned)(mask >> 8 * i) & 0xff, v = ((const uint8_t *)a)[i];
		unsigned u = k ? ml_partial_undef(a + i, v, k, 0) & k : 0;
		if ((n & 512) && (v & k & ~u))
			return 1; /* (a defined bit set: nonzero whatever the rest hold) */
		undef |= u != 0;
	}
	return !undef;
}

void __ml_def_field_slow(__ml_uptr a, __ml_uptr n, __ml_uptr bits, __ml_uptr origin, __ml_meta_t m,
                         const struct __ml_site *site)
{
	if (!ML_LOAD(&ml_def_on) || !bits || n > 9 || !ml_app_range(a, n)) {
		__ml_def_store(a, n, origin, m, site);
		return;
	}
	/* (before the store: the field's own bits are about to change) */
	unsigned undef[9];
	for (uptr i = 0; i < n; i++) {
		unsigned k = ml_field_mask(bits, i);
		undef[i] = ml_partial_undef(a + i, ((const uint8_t *)a)[i], (unsigned)~k & 0xff, 0) | k;
	}
	__ml_def_store(a, n, origin, m, site);
	for (uptr i = 0; i < n; i++)
		if (undef[i] != 0xff)
			ml_partial_put(a + i, ((const uint8_t *)a)[i], undef[i]);
}

void __ml_def_bitwise(__ml_uptr a, __ml_uptr n, __ml_uptr keep, __ml_uptr flip, __ml_uptr origin, __ml_meta_t m,
                      const struct __ml_site *site)
{
	if (!ML_LOAD(&ml_def_on) || n > 8 || !ml_app_range(a, n)) {
		__ml_def_store(a, n, origin, m, site);
		return;
	}
	unsigned undef[8], any = 0;
	for (uptr i = 0; i < n; i++) {
		unsigned k = (unsigned)(keep >> 8 * i) & 0xff;
		undef[i] = ml_partial_undef(a + i, ((const uint8_t *)a)[i], k, (unsigned)(flip >> 8 * i) & 0xff) & k;
		any |= undef[i];
	}
	if (!any) {
		for (uptr i = 0; i < n; i++)
			ml_partial_drop(a + i);
		ml_def_set(a, n, 0);
		return;
	}
	__ml_def_store(a, n, origin, m, site);
	for (uptr i = 0; i < n; i++) {
		if (!undef[i])
			ml_def_set(a + i, 1, 0);
		else if (undef[i] != 0xff)
			ml_partial_put(a + i, ((const uint8_t *)a)[i], undef[i]);
	}
}

/* ---- entry points ---- */

void __ml_poison(__ml_uptr a, __ml_uptr n, const struct __ml_site *decl, __ml_meta_t m)
{
	if (!ml_def_kept())
		return;
	ml_def_set(a, n, 1);
	/* a local's undefined bytes come from its declaration, not from the
	 * bytes copied into an earlier local of its record (records are
	 * reused); a block's record starts so already */
	unsigned s = ml_meta_slot(m);
	if (ml_slot_in_use(s) && ML_LOAD(&__ML_RECS[s].gen) == ml_meta_gen(m) && ML_LOAD(&__ML_RECS[s].base) == a)
		ml_rare_set(&ML_RARE[s].origin, 0);
	if (decl) /* (value propagation: where a chain of its bytes ends) */
		ml_step_into(decl, 0, ML_STEP_UNDEF | ML_STEP_UNDEF_DECL | n, a);
}

void __ml_def_slow(__ml_uptr a, __ml_uptr n)
{
	ml_def_set(a, n, 0);
}

/* The undefined bits of the n <= ML_DEF_WORD_MAX bytes from a (bit i: byte
 * a + i), read as one word when its shadow bytes are application memory's. */
#define ML_DEF_WORD_MAX 56
static inline int ml_def_word(uptr a, uptr n, uint64_t *bits)
{
	if (n > ML_DEF_WORD_MAX || !ml_app_range(a & ~(uptr)7, 64))
		return 0;
	uint64_t w;
	memcpy(&w, ml_dsh(a), sizeof w);
	*bits = (w >> (a & 7)) & ((1UL << n) - 1);
	return 1;
}

/* The bits of [s, s+n) copied to [d, d+n), as memmove copies bytes. */
static void ml_def_move_bits(uptr d, uptr s, uptr n)
{
	uint64_t bits;
	if (ml_def_word(s, n, &bits)) {
		/* a struct's copy (padding, a field unset): its bits read as one
		 * word, all before any is written, and put a shadow byte at a time */
		for (uptr x = d, e = d + n; x < e;) {
			uptr next = (x | 7) + 1 < e ? (x | 7) + 1 : e;
			ml_def_put_bits(x, next - x, (unsigned)bits & 0xff);
			bits >>= next - x;
			x = next;
		}
	} else if ((d & 7) == (s & 7) && (d > s ? d - s : s - d) >= n + 16) {
		/* same phase, apart: whole shadow bytes move, ends bit by bit */
		uptr i = 0;
		while (i < n && ((d + i) & 7)) {
			ml_def_set(d + i, 1, ml_bit(s + i));
			i++;
		}
		uptr full = (n - i) >> 3;
		memcpy(ml_dsh(d + i), ml_dsh(s + i), full);
		for (i += full << 3; i < n; i++)
			ml_def_set(d + i, 1, ml_bit(s + i));
	} else if (d <= s) {
		for (uptr i = 0; i < n; i++)
			ml_def_set(d + i, 1, ml_bit(s + i));
	} else {
		for (uptr i = n; i-- > 0;)
			ml_def_set(d + i, 1, ml_bit(s + i));
	}
}

void __ml_def_copy_slow(__ml_uptr d, __ml_uptr s, __ml_uptr n, __ml_meta_t md, __ml_meta_t ms,
                        const struct __ml_site *site)
{
	if (!ml_def_kept() || !n || !ml_app_range(d, n))
		return;
	uint64_t bits;
	uptr u = ml_def_word(s, n, &bits) ? (bits ? s + (uptr)__builtin_ctzll(bits) : 0)
	         : ml_app_range(s, n)     ? ml_first_undef(s, n)
	                                  : 0;
	if (!u) {
		ml_def_set(d, n, 0);
		return;
	}
	ml_def_move_bits(d, s, n);
	ml_partial_copy(d, s, n);
	/* (within one object, as a heap's entries move, its origin stays) */
	unsigned so = ml_object_at(u, 1, ms), ds = so ? ml_object_at(d, n, md) : 0;
	if (ds && ds != so)
		ml_origin_set(ds, ml_record_origin(so));
	if (site) /* (value propagation: the copy is a step) */
		ml_step_into(site, s, ML_STEP_UNDEF | n, d);
}

/* Whether the n bytes at a lie in this thread's live stack (from this
 * frame up). */
static int ml_in_live_stack(uptr a, uptr n)
{
	return a >= (uptr)__builtin_frame_address(0) && a + n <= ml_own_stack_top();
}

/* Bytes copied through a pointer of unknown provenance (WILD: made by code
 * memlens does not see) into the live stack are a local of such code (C++,
 * a library built without memlens), whose own stores there, and those of
 * the frames that reuse the slot once its own is gone, are unseen: they are
 * defined, or the copied bits would judge those stores (expat's runtestspp:
 * a struct's padding copied into a C++ local, whose slot a C++ char took
 * later and handed to the library). A read through that pointer is not
 * checked either (__ml_use). */
void __ml_def_copy_wild(__ml_uptr d, __ml_uptr s, __ml_uptr n, __ml_meta_t ms, const struct __ml_site *site)
{
	if (ml_def_kept() && ml_in_live_stack(d, n))
		ml_def_set(d, n, 0);
	else
		__ml_def_copy(d, s, n, __ML_WILD, ms, site);
}

void __ml_def_store(__ml_uptr a, __ml_uptr n, __ml_uptr origin, __ml_meta_t m, const struct __ml_site *site)
{
	if (!ML_LOAD(&ml_def_on)) {
		ml_def_set(a, n, 0);
		return;
	}
	ml_def_set(a, n, 1);
	ml_partial_forget(a, n);
	ml_origin_move(a, n, m, origin);
	if (site)
		ml_step_into(site, origin, ML_STEP_UNDEF | ML_STEP_UNDEF_VALUE | n, a);
}

void __ml_st_uninit(__ml_uptr slot, __ml_meta_t m, const struct __ml_site *site)
{
	__ml_def_store(slot, sizeof(uptr), ml_uninit_origin(m), __ML_WILD, site);
}

/* The origin of the undefined bytes among [a, a+n) read through meta m
 * (or as local decl), without a step. */
static uptr ml_bytes_origin(uptr a, uptr n, meta_t m, const site_t *decl)
{
	unsigned s = ml_object_at(a, n, m);
	if (s)
		return ml_record_origin(s);
	if (decl)
		return (uptr)decl;
	return 1; /* undefined, origin unknown */
}

__ml_uptr __ml_def_origin(__ml_uptr a, __ml_uptr n, __ml_meta_t m, const struct __ml_site *decl,
                          const struct __ml_site *site)
{
	if (!ml_first_undef(a, n))
		return 0;
	uptr o = ml_bytes_origin(a, n, m, decl);
	if (!site || !ML_LOAD(&__ml_explain))
		return o;
	/* the value read is a step, which its origin names from now on */
	o = ml_origin_entry(o);
	prov_t w = ml_step(site, a);
	return w ? ML_ORIGIN_STEP | ((w >> 16) & ((1UL << 41) - 1)) << 22 | o : o;
}

/* The record of the object p (meta m) points into, or 0. */
static const struct __ml_rec *ml_extern_target(uptr a, meta_t m)
{
	const struct __ml_rec *r = &__ML_RECS[(unsigned)m];
	if (!a || (unsigned)m < __ML_FIRST_SLOT || r->gen != ml_meta_gen(m) || a < r->base || a >= r->end)
		return 0;
	return r;
}

void __ml_def_extern(__ml_uptr a, __ml_meta_t m)
{
	const struct __ml_rec *r = ml_extern_target(a, m);
	if (r)
		ml_def_set(a, r->end - a, 0);
}

/* Whether a lies in the executable's image (its code and data), which
 * holds the runtime. */
static int ml_in_executable(uptr a)
{
	extern char __executable_start[], _end[];
	return a >= (uptr)__executable_start && a < (uptr)_end;
}

/* Whether code at a and at b lies in one module (the executable, or one
 * shared object). Told by the executable's bounds when either is in it (a
 * table of handlers, each returning to one dispatch: vm.c called dladdr
 * at every return), else by dladdr, remembered for the last pairs asked. */
static __thread struct ml_module_pair {
	uptr a, b;
	int same;
} ml_module_memo[16] __attribute__((tls_model("initial-exec")));

static int ml_same_module(uptr a, uptr b)
{
	int ea = ml_in_executable(a), eb = ml_in_executable(b);
	if (ea || eb)
		return ea == eb;
	struct ml_module_pair *e = &ml_module_memo[((a >> 4) ^ (a >> 10) ^ (b >> 4) ^ (b >> 10)) & 15];
	if (e->a != a || e->b != b) {
		Dl_info da, db;
		e->a = a;
		e->b = b;
		e->same = dladdr((void *)a, &da) && dladdr((void *)b, &db) && da.dli_fbase == db.dli_fbase;
	}
	return e->same;
}

void __ml_returned_out(__ml_uptr p, __ml_meta_t m, __ml_uptr ra, __ml_uptr self)
{
	if (p && ML_LOAD(&ml_def_on) && !ml_same_module(ra, self))
		__ml_def_extern(p, m);
}

/* The pointer at slot s, of a block reached through tag, if instrumented
 * code stored it there (its shadow vouches for it) and it points into a
 * live object: that object's record, the pointer in *v and its meta in
 * *m. A WILD pointer's object is looked for by its address: a row aligned
 * within its block through an integer (libjpeg-turbo's tjEncodeYUVPlanes,
 * PAD(p, 32)). */
static const struct __ml_rec *ml_row_at(uptr s, meta_t tag, uptr *v, meta_t *m)
{
	meta_t w = *__ML_META_SHADOW(s);
	*v = *(const uptr *)s;
	*m = w & __ML_META_MASK;
	if ((w >> 48) != __ML_HASH16(*v ^ tag))
		return 0;
	if (*m == __ML_WILD)
		*m = ml_heap_containing(*v);
	return ml_extern_target(*v, *m);
}

/* Defines the rows an array of pointers at a names (a block of meta m,
 * ending at end), levels below it, each to its block's end, as one level
 * is (the library's row width is not known: rows in one block that the
 * call did not fill are defined too); returns how many pointers it took.
 * The array ends at the first word that is no pointer instrumented code
 * stored, not at its block's end, which a memory manager's pool puts far
 * away (libjpeg's: each word a lookup, and more defined than the call was
 * given), and where a pointer into another block follows rows in one
 * (a struct's next member). Rows each in a block of its own go on
 * (libjpeg's merged upsampler pairs an output row with a spare row of
 * another block). */
static uptr ml_def_rows(uptr a, uptr end, meta_t m, uptr levels)
{
	const struct __ml_rec *prow = 0;
	uptr lo = 0, run = 0, n = 0;
	if (!ml_app_range(a, end - a))
		return 0;
	for (uptr s = (a + 7) & ~7UL; s + 8 <= end; s += 8, n++) {
		uptr v;
		meta_t mv;
		const struct __ml_rec *row = ml_row_at(s, m, &v, &mv);
		if (!row)
			break;
		if (levels > 1) {
			/* (an array of such arrays: each names rows) */
			if (!ml_def_rows(v, row->end, mv, levels - 1))
				break;
			continue;
		}
		if (row == prow) {
			run++;
			if (v >= lo) /* (defined already, to the block's end) */
				continue;
		} else {
			if (run > 1)
				break;
			run = 1;
		}
		ml_def_set(v, row->end - v, 0);
		prow = row, lo = v;
	}
	return n;
}

void __ml_def_extern_rows(__ml_uptr a, __ml_meta_t m, __ml_uptr levels)
{
	const struct __ml_rec *r = ml_extern_target(a, m);
	if (r) {
		ml_def_set(a, r->end - a, 0);
		ml_def_rows(a, r->end, m, levels);
	}
}

/* ---- reports ---- */

static int ml_uninit_event(uptr a, uptr n, meta_t m, uptr origin, const site_t *decl,
                           const site_t *site, const char *fn)
{
	struct ml_event ev = {0};
	ev.point = ML_USE;
	ev.access = ML_ACC_USE;
	ev.p = a;
	ev.m = a ? __ML_WILD : __ML_NULL;
	ev.n = n;
	ev.site = site;
	ev.fn = fn;
	ev.origin = origin;
	ev.decl = decl;
	if (a) {
		unsigned s = ml_object_at(a, n, m);
		if (s)
			ev.m = ml_mkmeta(s, __ML_RECS[s].gen);
	}
	return ml_detect(&ev);
}

void __ml_report_uninit(__ml_uptr a, __ml_uptr n, __ml_meta_t m, const struct __ml_site *decl,
                        const struct __ml_site *site)
{
	if (!ML_LOAD(&ml_def_on) || !ml_first_undef(a, n))
		return;
	/* bytes outside the object the pointer names: the overflow was
	 * reported, and they are another object's */
	const struct __ml_rec *r = &__ML_RECS[(unsigned)m];
	if ((unsigned)m >= __ML_FIRST_SLOT && (r->gen != ml_meta_gen(m) || a < r->base || a + n > r->end))
		return;
	ml_uninit_event(a, n, m, ml_bytes_origin(a, n, m, decl), decl, site, 0);
}

/* Which of a printf format's arguments it converts: bit k for the k-th
 * after the format (of n <= 64), or all of them where the walk cannot
 * follow it (positional arguments, a conversion it does not know). */
static uint64_t ml_format_converts(const char *fmt, uptr n)
{
	uint64_t all = n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1, converts = 0;
	uptr arg = 0;
#define ML_TAKE() (converts |= arg < 64 ? (uint64_t)1 << arg : 0, arg++)
	for (const char *p = fmt; *p; p++) {
		if (*p != '%' || *++p == '%')
			continue;
		const char *q = p;
		while (*q >= '0' && *q <= '9')
			q++;
		if (*q == '$')
			return all;
		while (*p && strchr("-+ #0'I", *p))
			p++;
		if (*p == '*')
			ML_TAKE(), p++;
		while (*p >= '0' && *p <= '9')
			p++;
		if (*p == '.') {
			if (*++p == '*')
				ML_TAKE(), p++;
			while (*p >= '0' && *p <= '9')
				p++;
		}
		while (*p && strchr("hlqLjzZt", *p))
			p++;
		if (*p == 'm')
			continue;
		if (!*p || !strchr("diouxXcCeEfFgGaAsSpn", *p))
			return all;
		ML_TAKE();
	}
#undef ML_TAKE
	return converts & all;
}

void __ml_format_uses(const char *fmt, const struct __ml_site *site, __ml_uptr n, const __ml_uptr *origins)
{
	if (!fmt || !ML_LOAD(&ml_def_on))
		return;
	uint64_t converts = ml_format_converts(fmt, n);
	for (uptr k = 0; k < n; k++)
		if (origins[k] && (k >= 64 || converts >> k & 1))
			__ml_report_uninit_value(origins[k], site);
}

void __ml_report_uninit_value(__ml_uptr origin, const struct __ml_site *site)
{
	if (!ML_LOAD(&ml_def_on))
		return;
	ml_uninit_event(0, 0, __ML_NULL, origin, 0, site, 0);
}

int ml_uninit_pointer_used(meta_t m, const site_t *site, const char *fn)
{
	if (!ML_LOAD(&ml_def_on))
		return -1;
	return ml_uninit_event(0, 0, __ML_NULL, ml_uninit_origin(m), 0, site, fn);
}

void __ml_report_uninit_pointer(__ml_meta_t m, const struct __ml_site *site)
{
	(void)ml_uninit_pointer_used(m, site, 0);
}

void ml_use_range(const void *p, meta_t m, uptr n, const char *fn)
{
	uptr a = (uptr)p;
	if (!ML_LOAD(&ml_def_on) || m == __ML_WILD || !n || !ml_app_range(a, n))
		return;
	uptr u = ml_first_undef(a, n);
	if (ML_LIKELY(!u))
		return;
	/* report the whole range libc reads; the message gives the first
	 * undefined byte's offset */
	ml_uninit_event(a, n, m, ml_bytes_origin(a, n, m, 0), 0, ml_caller_site(), fn);
}

int ml_origin_get(uptr o, const site_t **decl, unsigned *kind, unsigned *stack, unsigned *tid,
                  uint64_t *id, uint64_t *size)
{
	*decl = 0;
	*kind = 0;
	*stack = *tid = 0;
	*id = *size = 0;
	o = ml_origin_base(o);
	if (!o)
		return 0;
	if (!(o & 1)) {
		*decl = (const site_t *)o;
		*kind = __ML_KIND_STACK;
		return 1;
	}
	uint32_t i = (uint32_t)(o >> 1);
	if (!i || !ml_origins || i >= ML_LOAD(&ml_norigins))
		return 0;
	const struct ml_origin *d = &ml_origins[i];
	*kind = d->kind;
	*stack = d->stack;
	*tid = d->tid;
	*id = d->id;
	*size = d->size;
	return 1;
}

uint64_t ml_undef_count(uptr a, uptr n)
{
	uint64_t c = 0;
	for (uptr u = ml_first_undef(a, n); u; u = ml_first_undef(u + 1, a + n - (u + 1)))
		c++;
	return c;
}

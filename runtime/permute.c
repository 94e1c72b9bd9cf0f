/* permute.c: the shadows of an array libc permuted in place (qsort).
 *
 * libc moves the elements with copies memlens does not see, so the
 * pointer shadow and the definedness bits would stay at the addresses
 * while the values move: a sorted slot would keep the shadow word stored
 * for another pointer, which the new value's hash matches one time in
 * 65536 (its inverted hash as often, and that one is taken without a
 * bounds check) — a report naming a block the pointer never pointed to,
 * in a correct program. Before the sort the array's bytes and shadows are
 * saved; after it each element is matched to the element it was (equal
 * bytes: the first unused in the old order, which glibc's stable merge
 * sort keeps) and its shadows follow it. Explanations see each moved
 * pointer (and undefined bytes) copied from where it was before the sort.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Small arrays are done in this frame: a program sorting many short
 * arrays pays no mapping for each. */
#define ML_PERM_LOCAL 2048

/* The hash of an element's bytes, all of them: elements alike in a prefix
 * (records of one category) must not share a chain. */
static inline uint64_t ml_perm_hash(const unsigned char *e, size_t size)
{
	uint64_t h = size, w;
	size_t k = 0;
	for (; k + 8 <= size; k += 8) {
		memcpy(&w, e + k, 8);
		h = (h ^ w) * 0x9e3779b97f4a7c15UL;
		h ^= h >> 32;
	}
	if (k < size) {
		w = 0;
		memcpy(&w, e + k, size - k);
		h = (h ^ w) * 0x9e3779b97f4a7c15UL;
		h ^= h >> 32;
	}
	return h;
}

/* (two words at a time: most elements are a few words, where memcmp's
 * call and dispatch cost more than the comparison) */
static inline int ml_perm_same(const unsigned char *a, const unsigned char *b, size_t size)
{
	size_t k = 0;
	for (; k + 16 <= size; k += 16) {
		uint64_t x0, y0, x1, y1;
		memcpy(&x0, a + k, 8);
		memcpy(&y0, b + k, 8);
		memcpy(&x1, a + k + 8, 8);
		memcpy(&y1, b + k + 8, 8);
		if ((x0 ^ y0) | (x1 ^ y1))
			return 0;
	}
	if (k + 8 <= size) {
		uint64_t x, y;
		memcpy(&x, a + k, 8);
		memcpy(&y, b + k, 8);
		if (x != y)
			return 0;
		k += 8;
	}
	return k == size || memcmp(a + k, b + k, size - k) == 0;
}

static int ml_perm_bit(const uint8_t *def, uptr base, uptr x)
{
	return (def[(x >> 3) - (base >> 3)] >> (x & 7)) & 1;
}

/* The saved definedness bits of the 8 bytes from x (low bit: x's). */
static inline uint8_t ml_perm_def8(const uint8_t *def, uptr base, uptr x)
{
	uptr t = (x >> 3) - (base >> 3);
	return (uint8_t)((def[t] | (unsigned)def[t + 1] << 8) >> (x & 7));
}

/* The work of one sort, the saved state laid out in mem. */
struct ml_perm {
	uptr base, len, size, n;
	uptr s0, s1;               /* the 8-byte slots wholly inside the array */
	unsigned char *mem;        /* the array's bytes before the sort, then: */
	meta_t *meta;              /* its slots' pointer shadow (or NULL: none) */
	uint8_t *def;              /* its definedness bytes (or NULL: all defined) */
	uint32_t *heads, *next, *perm;
	uint32_t *held;            /* mid-sort, held[j]: the old element whose shadows
	                            * element j's place has (UINT32_MAX: unknown) */
	uptr hmask, memlen;        /* (mapped when over ML_PERM_LOCAL) */
	uptr inv;                  /* the inverse of size's odd part mod 2^64 and */
	unsigned shift;            /* its power of two (ml_perm_place) */
};

/* The index of the place at e, or n or more when e is not an element's
 * start in the array: size's odd part times its inverse is 1, so a multiple
 * m * size of it comes back as m after the rotation, and anything else
 * (below base too) lands above UINTPTR_MAX / size, which is at least n. One
 * multiply where a division took tens of cycles at every comparison. */
static inline uptr ml_perm_place(const struct ml_perm *p, uptr e)
{
	uptr x = (e - p->base) * p->inv;
	return x >> p->shift | x << ((64 - p->shift) & 63);
}

/* Lay out and fill p's saved state; 0 when the array holds neither a
 * pointer stored by instrumented code nor an undefined byte (nothing
 * moves with the elements: most sorts). */
static int ml_perm_save(struct ml_perm *p, unsigned char *local)
{
	uptr base = p->base, len = p->len;
	p->s0 = (base + 7) & ~(uptr)7;
	p->s1 = (base + len) & ~(uptr)7;
	uptr nslots = p->s1 > p->s0 ? (p->s1 - p->s0) / 8 : 0;
	int any_meta = 0, any_def = 0;
	for (uptr a = p->s0; a < p->s1 && !any_meta; a += 8)
		any_meta = *__ML_META_SHADOW(a) != 0;
	uptr d0 = base >> 3, ndef = ((base + len + 7) >> 3) - d0;
	if (ml_def_kept()) {
		const uint8_t *sh = (const uint8_t *)__ML_DEF_SHADOW(base & ~(uptr)7);
		for (uptr t = 0; t < ndef && !any_def; t++)
			any_def = sh[t] != 0;
	}
	if (!any_meta && !any_def)
		return 0;
	uptr odd = p->size >> __builtin_ctzl(p->size), inv = odd;
	for (int k = 0; k < 5; k++) /* (Newton: 3, 6, ... 96 bits right) */
		inv *= 2 - odd * inv;
	p->inv = inv;
	p->shift = (unsigned)__builtin_ctzl(p->size);
	uptr h = 16;
	while (h < p->n)
		h <<= 1;
	p->hmask = h - 1;
	uptr off_meta = (len + 7) & ~(uptr)7;
	uptr off_def = off_meta + (any_meta ? nslots * 8 : 0);
	/* (one byte past the definedness bytes: ml_perm_def8 reads two) */
	uptr off_heads = (off_def + (any_def ? ndef + 1 : 0) + 3) & ~(uptr)3;
	uptr off_next = off_heads + h * 4, off_perm = off_next + p->n * 4, off_held = off_perm + p->n * 4;
	p->memlen = off_held + p->n * 4;
	p->mem = p->memlen > ML_PERM_LOCAL ? ml_scratch(p->memlen) : local;
	if (!p->mem)
		return -1;
	memcpy(p->mem, (const void *)base, len);
	p->meta = any_meta ? (meta_t *)(p->mem + off_meta) : 0;
	for (uptr i = 0; p->meta && i < nslots; i++)
		p->meta[i] = *__ML_META_SHADOW(p->s0 + 8 * i);
	p->def = any_def ? p->mem + off_def : 0;
	if (any_def) {
		memcpy(p->def, (const void *)__ML_DEF_SHADOW(base & ~(uptr)7), ndef);
		p->def[ndef] = 0;
	}
	p->heads = (uint32_t *)(p->mem + off_heads);
	p->next = (uint32_t *)(p->mem + off_next);
	p->perm = (uint32_t *)(p->mem + off_perm);
	p->held = (uint32_t *)(p->mem + off_held);
	for (uptr j = 0; j < p->n; j++) /* (the shadows were just read there) */
		p->held[j] = (uint32_t)j;
	return 1;
}

/* The old elements in chains by their bytes' hash, each chain in the old
 * order. */
static void ml_perm_index(struct ml_perm *p)
{
	memset(p->heads, 0xff, (p->hmask + 1) * 4);
	for (uptr i = p->n; i-- > 0;) {
		uint32_t *head = &p->heads[ml_perm_hash(p->mem + i * p->size, p->size) & p->hmask];
		p->next[i] = *head;
		*head = (uint32_t)i;
	}
}

/* The link to the first old element (still in the chains) with the bytes
 * at e: *link is its index, UINT32_MAX when none has them. */
static uint32_t *ml_perm_find(struct ml_perm *p, const unsigned char *e)
{
	uint32_t *link = &p->heads[ml_perm_hash(e, p->size) & p->hmask];
	while (*link != UINT32_MAX && !ml_perm_same(p->mem + (uptr)*link * p->size, e, p->size))
		link = &p->next[*link];
	return link;
}

/* The pointer shadow word that follows the element saved at index i to
 * its slot at offset o (a slot of the element: o + 8 <= size): the one
 * of the same slot when it was at i, if the two share their place in 8
 * bytes (else no pointer stored by instrumented code is there). */
static meta_t ml_perm_word(const struct ml_perm *p, uint32_t i, uptr a, uptr o)
{
	uptr from = p->base + (uptr)i * p->size + o;
	return i != UINT32_MAX && p->meta && !((from ^ a) & 7) ? p->meta[(from - p->s0) / 8] : 0;
}

/* The element at e (in the array or a copy libc made) is given the
 * shadows of the one saved at i (UINT32_MAX: none, so no pointer and
 * all bytes defined): what the comparator reads through it is checked as
 * the element's own. */
static void ml_perm_give(struct ml_perm *p, uptr e, uint32_t i)
{
	for (uptr a = (e + 7) & ~(uptr)7; a + 8 <= e + p->size; a += 8) {
		meta_t w = ml_perm_word(p, i, a, a - e), *sh = __ML_META_SHADOW(a);
		if (*sh != w)
			*sh = w;
	}
	if (!p->def)
		return;
	/* a shadow byte at a time, as saved */
	for (uptr x = e, end = e + p->size; x < end;) {
		uptr next = (x | 7) + 1 < end ? (x | 7) + 1 : end;
		ml_def_put_bits(x, next - x, i != UINT32_MAX ? ml_perm_def8(p->def, p->base, p->base + (uptr)i * p->size + (x - e)) : 0);
		x = next;
	}
}

/* The comparator's element at e gets the shadows of the old element with
 * its bytes. At an element's place in the array, where it was given (or
 * read) last time, unless its bytes changed since: a libc that sorts the
 * elements' addresses and moves them at the end (glibc's, for elements
 * over 32 bytes) compares each where it was, so no call has a change. */
static __attribute__((noinline)) void ml_perm_follow_slow(struct ml_perm *p, uptr e, uptr j)
{
	uptr off = e - p->base, size = p->size;
	if (j < p->n) {
		p->held[j] = *ml_perm_find(p, (const unsigned char *)e);
		ml_perm_give(p, e, p->held[j]);
		return;
	}
	if (e < p->base + p->len && e + size > p->base) /* (across two places) */
		for (uptr k = e > p->base ? off / size : 0; k < p->n && k * size < e + size - p->base; k++)
			p->held[k] = UINT32_MAX;
	ml_perm_give(p, e, *ml_perm_find(p, (const unsigned char *)e));
}

/* (inline in the comparator's trampoline: the place's test and the
 * comparison of its bytes are all most calls do) */
static inline __attribute__((always_inline)) void ml_perm_follow(struct ml_perm *p, uptr e)
{
	uptr j = ml_perm_place(p, e);
	if (ML_LIKELY(j < p->n)) {
		uint32_t held = p->held[j];
		if (ML_LIKELY(held != UINT32_MAX) && ml_perm_same(p->mem + (uptr)held * p->size, (const unsigned char *)e, p->size))
			return;
	}
	ml_perm_follow_slow(p, e, j);
}

/* Had the element saved at i an undefined byte? */
static int ml_perm_undef(const struct ml_perm *p, uint32_t i)
{
	for (uptr k = 0; k < p->size; k++)
		if (ml_perm_bit(p->def, p->base, p->base + (uptr)i * p->size + k))
			return 1;
	return 0;
}

/* perm[j]: the old index of the element now at j, or UINT32_MAX (the
 * comparator changed it: no element had its bytes). */
static void ml_perm_match(struct ml_perm *p)
{
	for (uptr j = 0; j < p->n; j++) {
		uint32_t *link = ml_perm_find(p, (const unsigned char *)p->base + j * p->size);
		p->perm[j] = *link;
		if (*link != UINT32_MAX)
			*link = p->next[*link];
	}
}

/* After the sort every element gets the shadows of the element it was
 * (also where it did not move: mid-sort, another element may have been
 * given its shadows there), and each pointer and each element with
 * undefined bytes that moved is a step. */
static void ml_perm_finish(struct ml_perm *p, const site_t *site)
{
	ml_perm_match(p);
	if (p->size & 7) /* (a slot across two elements holds no pointer) */
		for (uptr a = p->s0; a < p->s1; a += 8)
			if (*__ML_META_SHADOW(a))
				*__ML_META_SHADOW(a) = 0;
	int copied = 0, undef = 0;
	for (uptr j = 0; j < p->n; j++) {
		uint32_t i = p->perm[j];
		uptr e = p->base + j * p->size;
		ml_perm_give(p, e, i);
		if (i == j || i == UINT32_MAX)
			continue;
		/* (explanations: the array copied aside whole, a step no chain
		 * shows, then each pointer from its place there) */
		for (uptr a = (e + 7) & ~(uptr)7; a + 8 <= e + p->size; a += 8) {
			if (!ml_perm_word(p, i, a, a - e))
				continue;
			if (!copied++)
				ml_step_into(0, p->s0, ML_STEP_COPY | (p->s1 - p->s0), (uptr)p->mem + (p->s0 - p->base));
			ml_step_into(site, (uptr)p->mem + i * p->size + (a - e), ML_STEP_COPY | 8, a);
		}
		if (!p->def || !ml_perm_undef(p, i))
			continue;
		if (!undef++)
			ml_step_into(0, p->base, ML_STEP_UNDEF | p->len, (uptr)p->mem);
		ml_step_into(site, (uptr)p->mem + i * p->size, ML_STEP_UNDEF | p->size, e);
	}
}

/* qsort_r's comparator while the shadows move: its elements get theirs. */
struct ml_perm_cmp {
	struct ml_perm *p;
	int (*cmp)(const void *, const void *, void *);
	void *ctx;
};

/* An aligned array of pointers (most sorts that move pointers) element
 * by element: one word found and its shadows given, inline. */
static inline __attribute__((always_inline)) void ml_perm_give8(const struct ml_perm *p, uptr e)
{
	uint64_t v = *(const uint64_t *)e;
	uint32_t i = p->heads[ml_perm_hash((const unsigned char *)e, 8) & p->hmask];
	while (i != UINT32_MAX && ((const uint64_t *)p->mem)[i] != v)
		i = p->next[i];
	meta_t w = i != UINT32_MAX && p->meta ? p->meta[i] : 0, *sh = __ML_META_SHADOW(e);
	if (*sh != w)
		*sh = w;
	if (p->def) {
		uint8_t bits = i != UINT32_MAX ? p->def[i] : 0, *dsh = (uint8_t *)__ML_DEF_SHADOW(e);
		if (*dsh != bits)
			*dsh = bits;
	}
}

static int ml_perm_tramp8(const void *a, const void *b, void *ctx)
{
	struct ml_perm_cmp *c = ctx;
	if (ML_LIKELY(!(((uptr)a | (uptr)b) & 7))) {
		ml_perm_give8(c->p, (uptr)a);
		ml_perm_give8(c->p, (uptr)b);
		return c->cmp(a, b, c->ctx);
	}
	ml_perm_follow(c->p, (uptr)a);
	ml_perm_follow(c->p, (uptr)b);
	return c->cmp(a, b, c->ctx);
}

static int ml_perm_tramp(const void *a, const void *b, void *ctx)
{
	struct ml_perm_cmp *c = ctx;
	ml_perm_follow(c->p, (uptr)a);
	ml_perm_follow(c->p, (uptr)b);
	return c->cmp(a, b, c->ctx);
}

void ml_sort_shadowed(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *, void *), void *ctx,
                      const site_t *site)
{
	uptr len = n * size;
	struct ml_perm p = {.base = (uptr)base, .len = len, .size = size, .n = n};
	unsigned char local[ML_PERM_LOCAL] __attribute__((aligned(16)));
	int saved = n > 1 && size && len / size == n && n < UINT32_MAX && ml_app_range((uptr)base, len)
	                ? ml_perm_save(&p, local)
	                : 0;
	if (saved > 0) {
		ml_perm_index(&p);
		struct ml_perm_cmp c = {&p, cmp, ctx};
		/* (an 8-byte aligned array's slot i and def byte i are element i's) */
		int words = size == 8 && !((uptr)base & 7);
		qsort_r(base, n, size, words ? ml_perm_tramp8 : ml_perm_tramp, &c);
	} else
		qsort_r(base, n, size, cmp, ctx);
	if (saved < 0) { /* no memory to match them: forget what moved */
		for (uptr a = p.s0; a < p.s1; a += 8)
			if (*__ML_META_SHADOW(a))
				*__ML_META_SHADOW(a) = 0;
		__ml_def_slow((uptr)base, len);
		return;
	}
	if (!saved)
		return;
	ml_perm_finish(&p, site);
	if (p.memlen > ML_PERM_LOCAL)
		ml_scratch_free(p.mem, p.memlen);
}

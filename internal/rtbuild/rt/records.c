/* records.c: record slots, the live-base hash, and the free history.
 *
 * Slots. Slots 0 (NULL) and 1 (WILD) are fixed; heap blocks get slots >= 2.
 * Fresh slots come from a bump counter. A freed slot keeps its record (base,
 * end, id) and cold info so "freed at" details survive; it joins a global
 * FIFO and is reused only once ML_RECYCLE_DELAY other slots were freed after
 * it. Detection never depends on that delay: metas carry the generation.
 * Threads take and return slots in batches of ML_SLOT_BATCH through caches
 * in their TLS, so the FIFO lock is taken once per 64 mallocs or frees.
 *
 * Live-base hash. Maps a block's base address to the meta of the block most
 * recently allocated there: __ml_meta_of, and free()/realloc() of a pointer
 * whose meta is unknown. An entry stays after its block is freed (the
 * generation bump alone marks it dead, so free() never touches the hash); it
 * is overwritten when the address is reused and removed when its slot is
 * recycled. Sharded; writers take a shard spinlock, readers use the shard's
 * sequence counter and never lock.
 *
 * History. When a slot is recycled, its last block's details move into a
 * ring of the last ML_HIST_N recycled blocks, indexed (lossily, direct-mapped)
 * by (slot, gen) and by base address, so reports about long-dead blocks can
 * still say where they were allocated and freed.
 */
#include "internal.h"

#include <sched.h>
#include <string.h>
#include <sys/mman.h>

#define ML_RECYCLE_DELAY (1u << 16)

/* ---- spinlock (never held across a libc call) ---- */

static inline void ml_spin_lock(int *l)
{
	unsigned spins = 0;
	while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE)) {
		while (ML_LOAD(l)) {
			if (++spins < 128)
				__builtin_ia32_pause();
			else
				sched_yield();
		}
	}
}

static inline void ml_spin_unlock(int *l)
{
	__atomic_store_n(l, 0, __ATOMIC_RELEASE);
}

/* ---- bump arena for hash tables (inside the runtime's region) ---- */

static uptr ml_arena_top = ML_ARENA_ADDR;

static void *ml_arena_alloc(uptr size)
{
	size = (size + 4095) & ~(uptr)4095;
	uptr p = ML_ADD(&ml_arena_top, size);
	if (p + size > ML_ARENA_ADDR + ML_ARENA_SIZE) {
		ml_printf("memlens: out of internal memory (live-block hash)\n");
		ml_die();
	}
	return (void *)p;
}

/* ---- slots ---- */

static uint64_t ml_bump = 2;    /* next never-used slot */
static uint64_t ml_block_id = 1;

static struct {
	int lock;
	unsigned head, tail;         /* chain through ml_cold.next; 0 = none */
	uint64_t count;
} ml_fifo __attribute__((aligned(64)));

uint64_t ml_next_block_id(void)
{
	return ML_ADD(&ml_block_id, 1);
}

int ml_slot_in_use(unsigned slot)
{
	return slot >= 2 && slot < ML_LOAD(&ml_bump);
}

static void ml_hist_archive(unsigned s);

/* Take up to want slots from the FIFO head, honouring the delay unless
 * force is set (record table exhausted). */
static unsigned ml_fifo_take(unsigned *out, unsigned want, int force)
{
	unsigned n = 0;
	ml_spin_lock(&ml_fifo.lock);
	uint64_t avail = ml_fifo.count;
	if (!force)
		avail = avail > ML_RECYCLE_DELAY ? avail - ML_RECYCLE_DELAY : 0;
	if (avail >= want || (force && avail > 0)) {
		unsigned s = ml_fifo.head;
		while (n < want && n < avail) {
			out[n++] = s;
			s = ML_COLD[s].next;
		}
		ml_fifo.head = s;
		ml_fifo.count -= n;
		if (ml_fifo.count == 0)
			ml_fifo.head = ml_fifo.tail = 0;
	}
	ml_spin_unlock(&ml_fifo.lock);
	return n;
}

static ML_NOINLINE void ml_slot_refill(void)
{
	struct ml_tls *t = &ml_tls;
	unsigned got[ML_SLOT_BATCH];
	unsigned n;

	ml_thread_exit_hook();
	n = ml_fifo_take(got, ML_SLOT_BATCH, 0);
	if (n == 0) {
		uint64_t first = ML_ADD(&ml_bump, ML_SLOT_BATCH);
		if (first + ML_SLOT_BATCH <= __ML_MAX_RECS) {
			/* Hand out ascending slots: the cache pops from the end. */
			for (unsigned i = 0; i < ML_SLOT_BATCH; i++)
				t->cache[i] = (unsigned)(first + ML_SLOT_BATCH - 1 - i);
			t->ncache = ML_SLOT_BATCH;
			return;
		}
		n = ml_fifo_take(got, ML_SLOT_BATCH, 1);
		if (n == 0) {
			ml_printf("memlens: out of block records (%lu)\n", (unsigned long)__ML_MAX_RECS);
			ml_die();
		}
	}
	/* Recycled slots: move their last block into the history first. */
	for (unsigned i = 0; i < n; i++) {
		ml_hist_archive(got[i]);
		t->cache[i] = got[n - 1 - i];
	}
	t->ncache = n;
}

unsigned ml_slot_get(void)
{
	struct ml_tls *t = &ml_tls;
	if (ML_UNLIKELY(t->ncache == 0))
		ml_slot_refill();
	return t->cache[--t->ncache];
}

static void ml_fifo_append(unsigned head, unsigned tail, unsigned n)
{
	ml_spin_lock(&ml_fifo.lock);
	if (ml_fifo.count == 0)
		ml_fifo.head = head;
	else
		ML_COLD[ml_fifo.tail].next = head;
	ml_fifo.tail = tail;
	ml_fifo.count += n;
	ml_spin_unlock(&ml_fifo.lock);
}

static ML_NOINLINE void ml_slot_splice(void)
{
	struct ml_tls *t = &ml_tls;
	ml_fifo_append(t->fhead, t->ftail, t->nfree);
	t->nfree = 0;
	t->fhead = t->ftail = 0;
}

void ml_slot_put(unsigned s)
{
	struct ml_tls *t = &ml_tls;
	ML_COLD[s].next = 0;
	if (t->nfree == 0) {
		ml_thread_exit_hook();
		t->fhead = s;
	} else {
		ML_COLD[t->ftail].next = s;
	}
	t->ftail = s;
	if (++t->nfree >= ML_SLOT_BATCH)
		ml_slot_splice();
}

void ml_slots_flush(void)
{
	struct ml_tls *t = &ml_tls;
	if (t->nfree)
		ml_slot_splice();
	/* Unused cached slots go back too (archived or never used, so taking
	 * them again is harmless). */
	while (t->ncache) {
		unsigned s = t->cache[--t->ncache];
		ML_COLD[s].next = 0;
		ml_fifo_append(s, s, 1);
	}
}

/* ---- live-base hash ---- */

#define ML_SHARDS 256
#define ML_SHARD_MIN 256   /* entries in a shard's first table (4 KiB) */

struct ml_lent {
	uptr key;                /* block base; 0 = empty */
	meta_t m;
};

static struct ml_shard {
	int lock;
	unsigned seq;            /* odd while a writer changes the table */
	struct ml_lent *tab;
	uptr mask;
	uptr count;
} ml_shards[ML_SHARDS] __attribute__((aligned(64)));

static inline uint64_t ml_mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

static inline struct ml_shard *ml_shard_of(uint64_t h)
{
	return &ml_shards[h >> 56];
}

/* Writer-side helpers: caller holds the lock with seq odd. */
static void ml_shard_put(struct ml_lent *tab, uptr mask, uptr key, meta_t m, uptr *count)
{
	uptr i = ml_mix(key) & mask;
	for (;;) {
		uptr k = tab[i].key;
		if (k == 0) {
			ML_STORE(&tab[i].m, m);
			ML_STORE(&tab[i].key, key);
			++*count;
			return;
		}
		if (k == key) {
			ML_STORE(&tab[i].m, m);
			return;
		}
		i = (i + 1) & mask;
	}
}

/* Returns the old table (and its size in *oldsize) for the caller to release
 * once the lock is dropped. */
static struct ml_lent *ml_shard_grow(struct ml_shard *sh, uptr *oldsize)
{
	uptr ncap = sh->tab ? (sh->mask + 1) * 2 : ML_SHARD_MIN;
	struct ml_lent *nt = ml_arena_alloc(ncap * sizeof *nt);
	uptr count = 0;
	if (sh->tab) {
		for (uptr i = 0; i <= sh->mask; i++)
			if (sh->tab[i].key)
				ml_shard_put(nt, ncap - 1, sh->tab[i].key, sh->tab[i].m, &count);
	}
	struct ml_lent *old = sh->tab;
	*oldsize = old ? (sh->mask + 1) * sizeof *old : 0;
	ML_STORE(&sh->tab, nt);
	ML_STORE(&sh->mask, ncap - 1);
	sh->count = count;
	return old;
}

static inline void ml_seq_begin(struct ml_shard *sh)
{
	ML_STORE(&sh->seq, sh->seq + 1);
	__atomic_thread_fence(__ATOMIC_RELEASE);
}

static inline void ml_seq_end(struct ml_shard *sh)
{
	ML_REL(&sh->seq, sh->seq + 1);
}

void ml_live_insert(uptr base, meta_t m)
{
	struct ml_shard *sh = ml_shard_of(ml_mix(base));
	struct ml_lent *old = 0;
	uptr oldsize = 0;
	ml_spin_lock(&sh->lock);
	ml_seq_begin(sh);
	if (!sh->tab || (sh->count + 1) * 2 > sh->mask + 1)
		old = ml_shard_grow(sh, &oldsize);
	ml_shard_put(sh->tab, sh->mask, base, m, &sh->count);
	ml_seq_end(sh);
	ml_spin_unlock(&sh->lock);
	/* Readers may still be probing the old table: give its memory back but
	 * keep the range mapped (reads see zeros and the seq check retries). */
	if (old && oldsize >= 4096)
		madvise(old, oldsize & ~(uptr)4095, MADV_DONTNEED);
}

/* Remove base's entry if it still names meta m (linear probing with
 * backward-shift deletion: no tombstones). */
static void ml_live_remove_if(uptr base, meta_t m)
{
	struct ml_shard *sh = ml_shard_of(ml_mix(base));
	ml_spin_lock(&sh->lock);
	if (!sh->tab)
		goto out;
	uptr mask = sh->mask;
	struct ml_lent *tab = sh->tab;
	uptr i = ml_mix(base) & mask;
	while (tab[i].key && tab[i].key != base)
		i = (i + 1) & mask;
	if (tab[i].key != base || tab[i].m != m)
		goto out;
	ml_seq_begin(sh);
	for (uptr j = i;;) {
		j = (j + 1) & mask;
		if (tab[j].key == 0)
			break;
		uptr k = ml_mix(tab[j].key) & mask;
		/* Move j back to the hole at i unless its ideal slot k lies
		 * cyclically in (i, j]. */
		int stay = i <= j ? (i < k && k <= j) : (i < k || k <= j);
		if (!stay) {
			ML_STORE(&tab[i].m, tab[j].m);
			ML_STORE(&tab[i].key, tab[j].key);
			i = j;
		}
	}
	ML_STORE(&tab[i].key, 0);
	sh->count--;
	ml_seq_end(sh);
out:
	ml_spin_unlock(&sh->lock);
}

int ml_live_lookup(uptr base, meta_t *out)
{
	uint64_t h = ml_mix(base);
	struct ml_shard *sh = ml_shard_of(h);
	for (unsigned tries = 0;; tries++) {
		unsigned s1 = ML_ACQ(&sh->seq);
		if (s1 & 1) {
			if (tries > 64)
				sched_yield();
			continue;
		}
		struct ml_lent *tab = ML_LOAD(&sh->tab);
		uptr mask = ML_LOAD(&sh->mask);
		int found = 0;
		meta_t m = 0;
		if (tab) {
			uptr i = h & mask;
			for (uptr n = 0; n <= mask; n++) {
				uptr k = ML_LOAD(&tab[i].key);
				if (k == base) {
					m = ML_LOAD(&tab[i].m);
					found = 1;
					break;
				}
				if (k == 0)
					break;
				i = (i + 1) & mask;
			}
		}
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (ML_LOAD(&sh->seq) == s1) {
			if (found)
				*out = m;
			return found;
		}
	}
}

/* ---- free history ---- */

#define ML_HIST_N (1u << 20)
struct ml_hist {
	uint64_t seq;            /* ring position + 1; 0 while being written */
	uptr base;
	uint64_t size;
	uint64_t id;
	uint32_t slot, gen;
	uint32_t alloc_stack, free_stack;
	uint32_t alloc_tid, free_tid;
	uint32_t flags, kind;
};
#define ML_HIST ((struct ml_hist *)ML_HIST_ADDR)
#define ML_HIST_BY_META ((uint32_t *)(ML_HIST_ADDR + ML_HIST_N * sizeof(struct ml_hist)))
#define ML_HIST_BY_BASE (ML_HIST_BY_META + ML_HIST_N)
#define ML_HIST_BYTES (ML_HIST_N * (sizeof(struct ml_hist) + 2 * sizeof(uint32_t)))

static uint64_t ml_hist_pos;

static void ml_hist_archive(unsigned s)
{
	struct ml_cold *c = &ML_COLD[s];
	struct __ml_rec *r = &__ML_RECS[s];
	uint32_t flags = ML_LOAD(&c->flags);
	if (!(flags & ML_CF_FREED) || (flags & ML_CF_ARCHIVED))
		return;
	uint64_t pos = ML_ADD(&ml_hist_pos, 1);
	uint32_t idx = (uint32_t)(pos & (ML_HIST_N - 1));
	struct ml_hist *e = &ML_HIST[idx];

	ML_STORE(&e->seq, 0);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	ML_STORE(&e->base, r->base);
	ML_STORE(&e->size, c->size);
	ML_STORE(&e->id, r->id);
	ML_STORE(&e->slot, s);
	ML_STORE(&e->gen, c->gen);
	ML_STORE(&e->alloc_stack, c->alloc_stack);
	ML_STORE(&e->free_stack, c->free_stack);
	ML_STORE(&e->alloc_tid, c->alloc_tid);
	ML_STORE(&e->free_tid, c->free_tid);
	ML_STORE(&e->flags, flags);
	ML_STORE(&e->kind, r->kind);
	ML_REL(&e->seq, pos + 1);

	ML_STORE(&ML_HIST_BY_META[ml_mix(ml_mkmeta(s, c->gen)) & (ML_HIST_N - 1)], idx + 1);
	ML_STORE(&ML_HIST_BY_BASE[ml_mix(r->base) & (ML_HIST_N - 1)], idx + 1);
	ML_STORE(&c->flags, flags | ML_CF_ARCHIVED);
	ml_live_remove_if(r->base, ml_mkmeta(s, c->gen));
}

/* Read ring entry idx consistently; 0 if it is being rewritten. */
static int ml_hist_read(uint32_t idx1, struct ml_hist *out)
{
	if (idx1 == 0)
		return 0;
	struct ml_hist *e = &ML_HIST[idx1 - 1];
	uint64_t s1 = ML_ACQ(&e->seq);
	if (s1 == 0)
		return 0;
	out->base = ML_LOAD(&e->base);
	out->size = ML_LOAD(&e->size);
	out->id = ML_LOAD(&e->id);
	out->slot = ML_LOAD(&e->slot);
	out->gen = ML_LOAD(&e->gen);
	out->alloc_stack = ML_LOAD(&e->alloc_stack);
	out->free_stack = ML_LOAD(&e->free_stack);
	out->alloc_tid = ML_LOAD(&e->alloc_tid);
	out->free_tid = ML_LOAD(&e->free_tid);
	out->flags = ML_LOAD(&e->flags);
	out->kind = ML_LOAD(&e->kind);
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return ML_LOAD(&e->seq) == s1;
}

static void ml_binfo_from_hist(const struct ml_hist *h, struct ml_binfo *b)
{
	b->known = 1;
	b->freed = 1;
	b->kind = h->kind;
	b->slot = h->slot;
	b->gen = h->gen;
	b->id = h->id;
	b->base = h->base;
	b->size = h->size;
	b->alloc_stack = h->alloc_stack;
	b->free_stack = h->free_stack;
	b->alloc_tid = h->alloc_tid;
	b->free_tid = h->free_tid;
	b->by_realloc = (h->flags & ML_CF_REALLOC) != 0;
}

/* ---- block information for reports and detectors ---- */

static void ml_binfo_from_slot(unsigned s, unsigned g, struct ml_binfo *b, int freed)
{
	const struct __ml_rec *r = &__ML_RECS[s];
	const struct ml_cold *c = &ML_COLD[s];
	b->known = 1;
	b->freed = freed;
	b->kind = ML_LOAD(&r->kind);
	b->slot = s;
	b->gen = g;
	b->id = ML_LOAD(&r->id);
	b->base = ML_LOAD(&r->base);
	b->size = ML_LOAD(&c->size);
	b->alloc_stack = ML_LOAD(&c->alloc_stack);
	b->free_stack = freed ? ML_LOAD(&c->free_stack) : 0;
	b->alloc_tid = ML_LOAD(&c->alloc_tid);
	b->free_tid = freed ? ML_LOAD(&c->free_tid) : 0;
	b->by_realloc = freed && (ML_LOAD(&c->flags) & ML_CF_REALLOC);
}

int ml_block_info(meta_t m, struct ml_binfo *b)
{
	unsigned s = ml_meta_slot(m), g = ml_meta_gen(m);
	memset(b, 0, sizeof *b);
	if (!ml_slot_in_use(s))
		return 0;
	const struct __ml_rec *r = &__ML_RECS[s];
	const struct ml_cold *c = &ML_COLD[s];
	b->slot = s;
	b->gen = g;
	if (ML_LOAD(&r->gen) == g) {
		if (ML_LOAD(&r->kind) == __ML_KIND_NONE)
			return 0;
		ml_binfo_from_slot(s, g, b, 0);
		return 1;
	}
	/* The block died. Its slot may still describe it... */
	if (ML_LOAD(&c->gen) == g && (ML_LOAD(&c->flags) & ML_CF_FREED)) {
		ml_binfo_from_slot(s, g, b, 1);
		return 1;
	}
	/* ...or it was recycled and the history may remember it. */
	struct ml_hist h;
	uint32_t idx = ML_LOAD(&ML_HIST_BY_META[ml_mix(m) & (ML_HIST_N - 1)]);
	if (ml_hist_read(idx, &h) && h.slot == s && h.gen == g) {
		ml_binfo_from_hist(&h, b);
		return 1;
	}
	b->known = 0;
	b->freed = 1;
	b->kind = __ML_KIND_HEAP;
	return 1;
}

int ml_block_by_base(uptr base, struct ml_binfo *b)
{
	meta_t m;
	memset(b, 0, sizeof *b);
	if (ml_live_lookup(base, &m) && ml_block_info(m, b) && b->known && b->base == base)
		return 1;
	struct ml_hist h;
	uint32_t idx = ML_LOAD(&ML_HIST_BY_BASE[ml_mix(base) & (ML_HIST_N - 1)]);
	if (ml_hist_read(idx, &h) && h.base == base) {
		ml_binfo_from_hist(&h, b);
		return 1;
	}
	memset(b, 0, sizeof *b);
	return 0;
}

/* ---- init and fork ---- */

void ml_records_init(void)
{
	ml_map_fixed(ML_COLD_ADDR, __ML_MAX_RECS * sizeof(struct ml_cold), "record details");
	ml_map_fixed(ML_HIST_ADDR, ML_HIST_BYTES, "free history");
	ml_map_fixed(ML_ARENA_ADDR, ML_ARENA_SIZE, "internal arena");
}

void ml_records_lock_all(void)
{
	ml_spin_lock(&ml_fifo.lock);
	for (unsigned i = 0; i < ML_SHARDS; i++)
		ml_spin_lock(&ml_shards[i].lock);
}

void ml_records_unlock_all(void)
{
	for (unsigned i = 0; i < ML_SHARDS; i++)
		ml_spin_unlock(&ml_shards[i].lock);
	ml_spin_unlock(&ml_fifo.lock);
}

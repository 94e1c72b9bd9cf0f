/* records.c: record slots, the live-base map, and the free history.
 *
 * Slots. Slots 0 (NULL), 1 (WILD) and 2 (INVALID) are fixed, then come the
 * uninit records (uninit.c) up to __ML_FIRST_SLOT;
 * objects get slots from __ML_FIRST_SLOT on.
 * Fresh slots come from a bump counter. A freed slot keeps its record (base,
 * end, id) and cold info so "freed at" details survive; it joins a global
 * FIFO and is reused only once ML_RECYCLE_DELAY other slots were freed after
 * it. Detection never depends on that delay: metas carry the generation.
 * Threads take and return slots in batches of ML_SLOT_BATCH through caches
 * in their TLS, so the FIFO lock is taken once per 64 mallocs or frees.
 *
 * Live-base map and heap map (internal.h). Map a variable's or a heap block's
 * base address to the slot of the one most recently made there: __ml_meta_of, and free()/realloc()
 * of a pointer whose meta is unknown. An entry stays after its block is
 * freed (the generation bump alone marks it dead, so free() never touches
 * the map); it is overwritten when the address is reused, and reads as
 * absent once its slot is recycled for another address (entries are
 * validated against the record's base), so recycling never touches it.
 *
 * History. When a slot is recycled, its last block's details move into a
 * ring of the last ML_HIST_N recycled blocks, so reports about long-dead
 * blocks can still say where they were allocated and freed. Lookup by meta
 * follows the slot's own chain (the cold info names the slot's newest entry,
 * each entry the slot's previous one): exact while the entries are in the
 * ring. Lookup by base address (free() of a pointer with no meta) follows
 * the chain of the slot the live-base map names for the address: the slot
 * of the newest block made there.
 */
#include "internal.h"

#include <string.h>
#include <sys/mman.h>

#define ML_RECYCLE_DELAY (1u << 16)

/* ---- bump arena for slot batches (inside the runtime's region) ---- */

#define ml_arena_top (ML_RS->arena_top)
#define ml_block_id (ML_RS->block_id)
#define ml_hist_pos (ML_RS->hist_pos)
#define ml_freed_chunks (ML_RS->freed_chunks)
#define ml_fifo (ML_RS->fifo)

void ml_records_state_init(void)
{
	ml_arena_top = ML_ARENA_ADDR;
	ml_bump = __ML_FIRST_SLOT;
	ml_block_id = 1;
}

static void *ml_arena_alloc(uptr size)
{
	size = (size + 4095) & ~(uptr)4095;
	uptr p = ML_ADD(&ml_arena_top, size);
	if (p + size > ML_ARENA_ADDR + ML_ARENA_SIZE) {
		ml_printf("memlens: out of internal memory (slot batches)\n");
		ml_die();
	}
	return (void *)p;
}

/* ---- slots ---- */




/* Block ids come from one global counter; a thread reserves them 64 at a
 * time so allocation does not serialise on the counter's cache line. In a
 * single-threaded program ids are 1, 2, 3, ...; across threads they are
 * unique and never reused, but not ordered by time. */
static __thread uint64_t ml_id_next __attribute__((tls_model("initial-exec")));
static __thread uint64_t ml_id_end __attribute__((tls_model("initial-exec")));

uint64_t ml_next_block_id(void)
{
	if (ML_UNLIKELY(ml_id_next == ml_id_end)) {
		ml_id_next = ML_ADD(&ml_block_id, 64);
		ml_id_end = ml_id_next + 64;
	}
	return ml_id_next++;
}

/* ---- the slot-indexed tables ----
 *
 * Mapped inaccessible (the record table: read-only, so a meta past the
 * slots in use names no object), and opened (mprotect) ML_OPEN_SLOTS
 * slots at a time as slots are handed out, in the slow path that hands them out: a wild
 * write far past the slots in use faults at once, and the fatal-signal
 * report names the table (signals.c). 64K slots are 2 MiB of records:
 * whole huge pages. */
#define ML_OPEN_SLOTS (1u << 16)
static const struct ml_slot_table {
	uptr addr, elem;
	int hot; /* touched by every check: huge pages (ml_hot_tables_advise) */
	/* Read through any meta the program's code holds: records not yet
	 * opened read as zeros (no object). A meta that is garbage (a
	 * companion in the frame a stack overflow wrote over, next to the
	 * overflowed local at -O0) then names no object, and its check
	 * fails, instead of faulting inside memlens. Writes still fault. */
	int readable;
} ml_slot_tables[] = {
	{(uptr)__ML_RECS, sizeof(struct __ml_rec), 1, 1},
	{ML_COLD_ADDR, sizeof(struct ml_cold), 1, 0},
	{ML_LSITE_ADDR, sizeof(struct __ml_lsite), 0, 0},
	{ML_RARE_ADDR, sizeof(struct ml_rare), 0, 0},
	/* (readable too: __ml_counted reads a line through any meta) */
	{(uptr)__ML_REFS, sizeof(struct __ml_refs), 0, 1},
};
#define ML_NSLOT_TABLES (sizeof ml_slot_tables / sizeof ml_slot_tables[0])

/* The program holds more objects than the first batch of slots: the
 * tables every check touches get huge pages (ml_advise_huge_pages). */
static void ml_hot_tables_advise(void)
{
	for (unsigned i = 0; i < ML_NSLOT_TABLES; i++) {
		const struct ml_slot_table *t = &ml_slot_tables[i];
		if (t->hot) /* (advice: failure changes nothing) */
			madvise((void *)t->addr, __ML_MAX_RECS * t->elem, MADV_HUGEPAGE);
	}
	ml_advise_huge_pages();
}

/* Open slots below end in every table. Lock-free (a malloc in a signal
 * handler may get here): opening twice is harmless. */
static void ml_slot_tables_open(uint64_t end)
{
	uint64_t open = ML_ACQ(&ml_opened);
	while (open < end) {
		uint64_t want = (end + ML_OPEN_SLOTS - 1) & ~(uint64_t)(ML_OPEN_SLOTS - 1);
		for (unsigned i = 0; i < ML_NSLOT_TABLES; i++) {
			const struct ml_slot_table *t = &ml_slot_tables[i];
			if (mprotect((void *)(t->addr + open * t->elem), (want - open) * t->elem, PROT_READ | PROT_WRITE)) {
				ml_printf("memlens: out of internal memory (record tables)\n");
				ml_die();
			}
		}
		if (__atomic_compare_exchange_n(&ml_opened, &open, want, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
			if (open <= ML_OPEN_SLOTS && want > ML_OPEN_SLOTS)
				ml_hot_tables_advise();
			return;
		}
	}
}


static void ml_hist_archive(unsigned s, uint64_t pos);

/* An empty batch; caller holds the FIFO lock. */
static struct ml_batch *ml_batch_new_locked(void)
{
	struct ml_batch *b = ml_fifo.pool;
	if (!b) {
		/* Carve a page of arena into batches. */
		char *page = ml_arena_alloc(4096);
		for (size_t off = 0; off + sizeof *b <= 4096; off += sizeof *b) {
			b = (struct ml_batch *)(page + off);
			b->next = ml_fifo.pool;
			ml_fifo.pool = b;
		}
		b = ml_fifo.pool;
	}
	ml_fifo.pool = b->next;
	b->next = 0;
	b->n = 0;
	return b;
}

/* Queue a batch of freed slots (b may be empty: then it is just recycled)
 * and, if want, return an empty one. */
static struct ml_batch *ml_batch_swap(struct ml_batch *b, int want)
{
	ml_spin_lock(&ml_fifo.lock);
	if (b && b->n) {
		b->next = 0;
		if (ml_fifo.tail)
			ml_fifo.tail->next = b;
		else
			ml_fifo.head = b;
		ml_fifo.tail = b;
		ml_fifo.count += b->n;
	} else if (b) {
		b->next = ml_fifo.pool;
		ml_fifo.pool = b;
	}
	struct ml_batch *e = want ? ml_batch_new_locked() : 0;
	ml_spin_unlock(&ml_fifo.lock);
	return e;
}

/* Copy the oldest batch's slots to out when at least ML_RECYCLE_DELAY
 * other freed slots are queued behind it (any batch when force is set:
 * the record table is exhausted). */
static unsigned ml_fifo_take(unsigned *out, int force)
{
	unsigned n = 0;
	ml_spin_lock(&ml_fifo.lock);
	struct ml_batch *b = ml_fifo.head;
	unsigned next[ML_BATCH_CHAINS];
	if (b && (force || ml_fifo.count >= ML_RECYCLE_DELAY + b->n)) {
		n = b->n;
		memcpy(next, b->head, sizeof next);
		ml_fifo.head = b->next;
		if (!ml_fifo.head)
			ml_fifo.tail = 0;
		ml_fifo.count -= n;
		b->next = ml_fifo.pool;
		ml_fifo.pool = b;
	}
	ml_spin_unlock(&ml_fifo.lock);
	/* (the chains are ours now; each is read from its newest slot) */
	for (unsigned i = 0; i < n; i++) {
		unsigned *at = &next[i % ML_BATCH_CHAINS];
		out[i] = *at;
		*at = ML_LOAD(&__ML_RECS[out[i]].slot);
	}
	return n;
}

static ML_NOINLINE void ml_slot_refill(void)
{
	struct ml_tls *t = &ml_tls;
	unsigned got[ML_SLOT_BATCH];
	unsigned n;

	ml_thread_exit_hook();
	n = ml_fifo_take(got, 0);
	if (n == 0) {
		uint64_t first = ML_ADD(&ml_bump, ML_SLOT_BATCH);
		if (first + ML_SLOT_BATCH <= __ML_MAX_RECS) {
			ml_slot_tables_open(first + ML_SLOT_BATCH);
			/* Hand out ascending slots: the cache pops from the end. */
			for (unsigned i = 0; i < ML_SLOT_BATCH; i++)
				t->cache[i] = (unsigned)(first + ML_SLOT_BATCH - 1 - i);
			t->ncache = ML_SLOT_BATCH;
			return;
		}
		n = ml_fifo_take(got, 1);
		if (n == 0) {
			ml_printf("memlens: out of block records (%lu)\n", (unsigned long)__ML_MAX_RECS);
			ml_die();
		}
	}
	/* Recycled slots: move their last block into the history first. Their
	 * records were last touched 64K frees ago: fetch them all at once. */
	for (unsigned i = 0; i < n; i++) {
		__builtin_prefetch(&__ML_RECS[got[i]], 1);
		__builtin_prefetch(&ML_COLD[got[i]], 1);
	}
	uint64_t pos = ML_ADD(&ml_hist_pos, n);
	for (unsigned i = 0; i < n; i++) {
		ml_hist_archive(got[i], pos + i);
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

void ml_slot_put_slow(unsigned s)
{
	struct ml_tls *t = &ml_tls;
	struct ml_batch *b = t->fill;
	if (!b) {
		ml_thread_exit_hook();
		b = t->fill = ml_batch_swap(0, 1);
	}
	ml_batch_add(b, s);
	if (b->n == ML_SLOT_BATCH)
		t->fill = ml_batch_swap(b, 1);
}

void ml_slots_flush(void)
{
	struct ml_tls *t = &ml_tls;
	struct ml_batch *b = t->fill;
	t->fill = 0;
	/* Unused cached slots go back too (archived or never used, so taking
	 * them again is harmless). */
	while (t->ncache) {
		if (!b)
			b = ml_batch_swap(0, 1);
		ml_batch_add(b, t->cache[--t->ncache]);
		if (b->n == ML_SLOT_BATCH) {
			ml_batch_swap(b, 0);
			b = 0;
		}
	}
	if (b)
		ml_batch_swap(b, 0);
}

/* ml_init_record's body, in ml_new_record too: every malloc's record is
 * made without a second call. */
static inline __attribute__((always_inline)) meta_t ml_record_init(unsigned s, const void *p, size_t n,
                                                                   unsigned kind, unsigned alloc_stack)
{
	struct __ml_rec *r = &__ML_RECS[s];
	struct ml_cold *c = &ML_COLD[s];
	unsigned g = ML_LOAD(&r->gen);

	ML_STORE(&r->base, (uptr)p);
	ML_STORE(&r->end, (uptr)p + n);
	ML_STORE(&r->slot, s); /* (the same every time: the meta a check compares) */
	/* block numbers count heap blocks; variables are shown by name */
	ml_rec_set(r, kind == __ML_KIND_HEAP ? ml_next_block_id() : 0, kind);
	c->gen = g;
	c->alloc_stack = alloc_stack;
	unsigned tid = ml_self_id();
	if (ML_UNLIKELY(tid | ML_LOAD(&ml_rare_used))) { /* (one test while the table is all zeros) */
		ml_rare_set(&ML_RARE[s].alloc_tid, tid);
		ml_rare_set(&ML_RARE[s].free_tid, 0);
		/* undefined bytes start from this block's own making, whatever
		 * origin the slot's earlier block noted */
		ml_rare_set(&ML_RARE[s].origin, 0);
	}
	ML_STORE(&c->flags, 0);
	return ml_mkmeta(s, g);
}

/* Give object [p, p+n) of the given kind a record; alloc_stack is where it
 * was made (declared, for a global). Returns its meta. */
meta_t ml_new_record(const void *p, size_t n, unsigned kind, unsigned alloc_stack)
{
	return ml_record_init(ml_slot_get(), p, n, kind, alloc_stack);
}

meta_t ml_init_record(unsigned s, const void *p, size_t n, unsigned kind, unsigned alloc_stack)
{
	return ml_record_init(s, p, n, kind, alloc_stack);
}

/* ---- live-base map ---- */

/* The slot map entry e names, if its record is still at base; else 0. */
static unsigned ml_map_slot(const uint32_t *e, uptr base)
{
	unsigned s = ML_LOAD(e);
	return s >= __ML_FIRST_SLOT && ML_LOAD(&__ML_RECS[s].base) == base ? s : 0;
}

int ml_live_lookup(uptr base, meta_t *out)
{
	if (!ml_basemap_ok(base))
		return 0;
	unsigned s = ml_map_slot(ml_heapmap(base), base);
	/* a dead heap block's memory may since hold a variable (an unmapped
	 * chunk's pages a thread's stack): the live one is the newer */
	if (!s || ML_LOAD(&__ML_RECS[s].gen) != ML_LOAD(&ML_COLD[s].gen)) {
		unsigned v = ml_map_slot(ml_basemap(base), base);
		s = v ? v : s;
	}
	if (!s)
		return 0;
	*out = ml_mkmeta(s, ML_LOAD(&ML_COLD[s].gen));
	return 1;
}

/* The meta of the live heap block containing v, or WILD: looked for in
 * v's granule of the heap map and the three below it (a block's entry is
 * in the granule it starts in), so v lies at most 127 bytes past a
 * block's start (a row aligned up from it). */
meta_t ml_heap_containing(uptr v)
{
	uptr g = v & ~(uptr)31;
	for (int k = 0; k < 4 && ml_basemap_ok(g); k++, g -= 32) {
		unsigned s = ML_LOAD(ml_heapmap(g));
		const struct __ml_rec *r = &__ML_RECS[s];
		uptr b;
		if (s >= __ML_FIRST_SLOT && (b = ML_LOAD(&r->base)) - g < 32 && b <= v) {
			unsigned gen = ML_LOAD(&r->gen);
			return v < ML_LOAD(&r->end) && ml_rec_kind(r) == __ML_KIND_HEAP && gen == ML_LOAD(&ML_COLD[s].gen)
			               ? ml_mkmeta(s, gen)
			               : __ML_WILD;
		}
	}
	return __ML_WILD;
}

/* ---- the details frees write ---- */

ML_SLOW uint32_t ml_freed_make(unsigned s)
{
	/* Lock-free (a free in a signal handler may get here): a chunk made
	 * by a thread that loses the race stays unused. */
	uint32_t *d = &ML_FREED_DIR[s / ML_FREED_GROUP], c = 0;
	uint32_t mine = ML_ADD(&ml_freed_chunks, 1) + 1;
	if (mine > __ML_MAX_RECS / ML_FREED_GROUP) {
		ml_printf("memlens: out of internal memory (free details)\n");
		ml_die();
	}
	return __atomic_compare_exchange_n(d, &c, mine, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE) ? mine : c;
}

/* ---- free history ---- */

#define ML_HIST_N (1u << 20)
/* 40 bytes, not 64 (a program that recycles a million slots holds the whole
 * ring): base and generation share a word (addresses are 47 bits), so do
 * the block id (48 bits: 2^48 allocations outlast any run) with the kind
 * and the two flags reports read, and the size (47 bits at most) with the
 * entry's lap, which is 0 while the entry is being written. The threads,
 * zero in a single-threaded program, are in a table beside the ring,
 * written only for an entry flagged to have them. */
struct ml_hist {
	uint64_t base_gen;       /* base | gen << 48 */
	uint64_t id_kind;        /* id | kind << 48 | ML_HF_* << 56 */
	uint64_t size_seq;       /* size | seq << 48: the ring position's lap + 1, 0 while being written */
	uint32_t slot;
	uint32_t prev;           /* the slot's previous entry (index + 1) */
	uint32_t alloc_stack, free_stack;
};
_Static_assert(sizeof(struct ml_hist) == 40, "history entries are 40 bytes");
#define ML_HF_REALLOC 1u
#define ML_HF_RETURNED 2u
#define ML_HF_TIDS 4u /* the threads are in ML_HIST_TIDS */
#define ML_HIST_LOW48 (((uint64_t)1 << 48) - 1)
#define ML_HIST ((struct ml_hist *)ML_HIST_ADDR)
#define ML_HIST_BYTES (ML_HIST_N * sizeof(struct ml_hist))
/* An entry's threads: the allocating one's id | the freeing one's << 32. */
#define ML_HIST_TIDS ((uint64_t *)(ML_HIST_ADDR + ML_HIST_BYTES))
#define ML_HIST_TIDS_BYTES (ML_HIST_N * sizeof(uint64_t))

/* What ml_hist_read gives: an entry's fields unpacked. */
struct ml_hist_view {
	uptr base;
	uint64_t size, id;
	uint32_t slot, gen, alloc_stack, free_stack, alloc_tid, free_tid, prev;
	uint16_t flags, kind;
};

static void ml_hist_archive(unsigned s, uint64_t pos)
{
	struct ml_cold *c = &ML_COLD[s];
	struct __ml_rec *r = &__ML_RECS[s];
	uint32_t flags = ML_LOAD(&c->flags);
	if (!(flags & ML_CF_FREED) || (flags & ML_CF_ARCHIVED)) {
		/* Leave an empty entry for the reserved position. */
		ML_STORE(&ML_HIST[pos & (ML_HIST_N - 1)].size_seq, 0);
		return;
	}
	uint32_t idx = (uint32_t)(pos & (ML_HIST_N - 1));
	struct ml_hist *e = &ML_HIST[idx];
	uint64_t size = (r->end - r->base) & ML_HIST_LOW48;
	uint64_t tids = ml_rare_get(&ML_RARE[s].alloc_tid) | (uint64_t)ml_rare_get(&ML_RARE[s].free_tid) << 32;
	unsigned hf = (flags & ML_CF_REALLOC ? ML_HF_REALLOC : 0) | (flags & ML_CF_RETURNED ? ML_HF_RETURNED : 0) |
	              (tids ? ML_HF_TIDS : 0);

	ML_STORE(&e->size_seq, size);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	ML_STORE(&e->base_gen, r->base | (uint64_t)c->gen << 48);
	ML_STORE(&e->id_kind, (ml_rec_id(r) & ML_HIST_LOW48) | (uint64_t)ml_rec_kind(r) << 48 | (uint64_t)hf << 56);
	ML_STORE(&e->slot, s);
	ML_STORE(&e->alloc_stack, ml_rec_kind(r) == __ML_KIND_STACK ? ml_local_stack(s) : c->alloc_stack);
	struct ml_freed *f = ml_freed_at(s);
	ML_STORE(&e->free_stack, f->free_stack);
	/* (the slot's next block starts with none: a local never writes one) */
	ml_store_changed(&f->free_stack, 0);
	if (tids)
		ML_STORE(&ML_HIST_TIDS[idx], tids);
	ML_STORE(&e->prev, f->hist);
	ML_REL(&e->size_seq, size | ((pos / ML_HIST_N) % 0xffff + 1) << 48); /* (1 to 0xffff) */

	ML_STORE(&f->hist, idx + 1);
	ML_STORE(&c->flags, flags | ML_CF_ARCHIVED);
}

/* Read ring entry idx consistently; 0 if it is being rewritten. */
static int ml_hist_read(uint32_t idx1, struct ml_hist_view *out)
{
	if (idx1 == 0)
		return 0;
	struct ml_hist *e = &ML_HIST[idx1 - 1];
	uint64_t s1 = ML_ACQ(&e->size_seq);
	if (s1 >> 48 == 0)
		return 0;
	uint64_t bg = ML_LOAD(&e->base_gen), ik = ML_LOAD(&e->id_kind);
	unsigned hf = (unsigned)(ik >> 56);
	uint64_t tids = hf & ML_HF_TIDS ? ML_LOAD(&ML_HIST_TIDS[idx1 - 1]) : 0;
	out->base = bg & ML_HIST_LOW48;
	out->gen = (uint32_t)(bg >> 48);
	out->size = s1 & ML_HIST_LOW48;
	out->id = ik & ML_HIST_LOW48;
	out->kind = (uint16_t)(ik >> 48 & 0xff);
	out->flags = (uint16_t)((hf & ML_HF_REALLOC ? ML_CF_REALLOC : 0) | (hf & ML_HF_RETURNED ? ML_CF_RETURNED : 0));
	out->slot = ML_LOAD(&e->slot);
	out->alloc_stack = ML_LOAD(&e->alloc_stack);
	out->free_stack = ML_LOAD(&e->free_stack);
	out->alloc_tid = (uint32_t)tids;
	out->free_tid = (uint32_t)(tids >> 32);
	out->prev = ML_LOAD(&e->prev);
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return ML_LOAD(&e->size_seq) == s1;
}

static void ml_binfo_from_hist(const struct ml_hist_view *h, struct ml_binfo *b)
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
	b->returned = (h->flags & ML_CF_RETURNED) != 0;
}

/* ---- block information for reports and detectors ---- */

static void ml_binfo_from_slot(unsigned s, unsigned g, struct ml_binfo *b, int freed)
{
	const struct __ml_rec *r = &__ML_RECS[s];
	const struct ml_cold *c = &ML_COLD[s];
	b->known = 1;
	b->freed = freed;
	b->kind = ml_rec_kind(r);
	b->slot = s;
	b->gen = g;
	b->id = ml_rec_id(r);
	b->base = ML_LOAD(&r->base);
	b->size = ML_LOAD(&r->end) - b->base;
	b->alloc_stack = b->kind == __ML_KIND_STACK ? ml_local_stack(s) : ML_LOAD(&c->alloc_stack);
	const struct ml_freed *f = freed ? ml_freed_peek(s) : 0;
	b->free_stack = f ? ML_LOAD(&f->free_stack) : 0;
	b->alloc_tid = ml_rare_get(&ML_RARE[s].alloc_tid);
	b->free_tid = freed ? ml_rare_get(&ML_RARE[s].free_tid) : 0;
	b->by_realloc = freed && (ML_LOAD(&c->flags) & ML_CF_REALLOC);
	b->returned = freed && (ML_LOAD(&c->flags) & ML_CF_RETURNED);
	b->readonly = !freed && g == __ML_GEN_READONLY;
}

int ml_block_info(meta_t m, struct ml_binfo *b)
{
	unsigned s = ml_meta_slot(m), g = ml_meta_gen(m);
	memset(b, 0, sizeof *b);
	if (!ml_slot_in_use(s))
		return 0;
	const struct __ml_rec *r = &__ML_RECS[s];
	const struct ml_cold *c = &ML_COLD[s];
	if (!ml_record_sane(s)) {
		ml_damaged("record %lu of the record table holds impossible values", s);
		return 0;
	}
	b->slot = s;
	b->gen = g;
	if (ML_LOAD(&r->gen) == g) {
		if (ml_rec_kind(r) == __ML_KIND_NONE)
			return 0;
		ml_binfo_from_slot(s, g, b, 0);
		return 1;
	}
	/* The block died. Its slot may still describe it... */
	if (ML_LOAD(&c->gen) == g && (ML_LOAD(&c->flags) & ML_CF_FREED)) {
		ml_binfo_from_slot(s, g, b, 1);
		return 1;
	}
	/* ...or it was recycled and the history may remember it: walk the
	 * slot's entries, newest first (generations decrease along the way). */
	struct ml_hist_view h;
	const struct ml_freed *f = ml_freed_peek(s);
	uint32_t idx = f ? ML_LOAD(&f->hist) : 0;
	/* (a slot reused for blocks elsewhere since: its older entries are
	 * walked back a bounded way, this being a report's lookup) */
	for (unsigned steps = 0; steps < 256 && ml_hist_read(idx, &h) && h.slot == s; steps++) {
		if (h.gen == g) {
			ml_binfo_from_hist(&h, b);
			return 1;
		}
		if (h.gen < g)
			break;
		idx = h.prev;
	}
	b->known = 0;
	b->freed = 1;
	/* a slot recycled by its thread's locals without archiving (objects.c)
	 * served locals only */
	b->kind = ml_rec_kind(r) == __ML_KIND_STACK ? __ML_KIND_STACK : __ML_KIND_HEAP;
	return 1;
}

uint64_t ml_block_ids(void)
{
	return ML_LOAD(&ml_block_id);
}

int ml_record_sane(unsigned s)
{
	struct ml_rec_view r = ml_rec_read(s);
	return ml_rec_view_sane(&r, ml_block_ids());
}

int ml_object_at_addr(uptr a, struct ml_binfo *b)
{
	unsigned end = ml_slot_end(), best = 0;
	uptr size = ~(uptr)0;
	for (unsigned s = __ML_FIRST_SLOT; s < end; s++) {
		const struct __ml_rec *r = &__ML_RECS[s];
		unsigned k = ml_rec_kind(r), g = ML_LOAD(&r->gen);
		uptr lo = ML_LOAD(&r->base), hi = ML_LOAD(&r->end);
		/* (a lent record keeps the bounds of its position's last local:
		 * it describes memory only while one is there) */
		if ((k == __ML_KIND_HEAP || k == __ML_KIND_GLOBAL || k == __ML_KIND_STACK) && a >= lo && a < hi &&
		    hi - lo < size && g == ML_LOAD(&ML_COLD[s].gen) &&
		    (!(ML_LOAD(&ML_COLD[s].flags) & ML_CF_LENT) || ml_lent_live(s))) {
			best = s;
			size = hi - lo;
		}
	}
	memset(b, 0, sizeof *b);
	if (!best)
		return 0;
	ml_binfo_from_slot(best, ML_LOAD(&__ML_RECS[best].gen), b, 0);
	return 1;
}

/* The newest archived block at base of slot s's chain. */
static int ml_hist_at_slot(unsigned s, uptr base, struct ml_binfo *b)
{
	if (s < __ML_FIRST_SLOT || !ml_slot_in_use(s))
		return 0;
	struct ml_hist_view h;
	const struct ml_freed *f = ml_freed_peek(s);
	uint32_t idx = f ? ML_LOAD(&f->hist) : 0;
	for (unsigned steps = 0; steps < 256 && ml_hist_read(idx, &h) && h.slot == s; steps++) {
		if (h.base == base) {
			ml_binfo_from_hist(&h, b);
			return 1;
		}
		idx = h.prev;
	}
	return 0;
}

/* The newest archived block at base: the heap map (or, for a variable, the
 * live-base map) still names the slot of the newest block made there (it is
 * written only when a block is made), and that block is the newest entry at
 * base of the slot's chain. (An index of its own, hashed by base, dirtied a
 * page of 4 MiB at each of the first thousands of blocks archived.) */
static int ml_hist_at_base(uptr base, struct ml_binfo *b)
{
	return ml_basemap_ok(base) && (ml_hist_at_slot(ML_LOAD(ml_heapmap(base)), base, b) ||
	                               ml_hist_at_slot(ML_LOAD(ml_basemap(base)), base, b));
}

int ml_block_by_base(uptr base, struct ml_binfo *b)
{
	meta_t m;
	memset(b, 0, sizeof *b);
	if (ml_live_lookup(base, &m) && ml_block_info(m, b) && b->known && b->base == base)
		return 1;
	memset(b, 0, sizeof *b);
	return ml_hist_at_base(base, b);
}

/* ---- init and fork ---- */

void ml_records_init(void)
{
	for (unsigned i = 0; i < ML_NSLOT_TABLES; i++) {
		const struct ml_slot_table *t = &ml_slot_tables[i];
		ml_map_prot(t->addr, __ML_MAX_RECS * t->elem, t->readable ? PROT_READ : PROT_NONE);
	}
	ml_slot_tables_open(__ML_FIRST_SLOT);
	ml_map_fixed(ML_FREED_ADDR, ML_FREED_CHUNKS + (uptr)__ML_MAX_RECS * sizeof(struct ml_freed) - ML_FREED_ADDR,
	             "free details");
	ml_map_fixed(ML_HIST_ADDR, ML_HIST_BYTES + ML_HIST_TIDS_BYTES, "free history");
	ml_map_fixed(ML_ARENA_ADDR, ML_ARENA_SIZE, "internal arena");
}

void ml_records_lock_all(void)
{
	ml_spin_lock(&ml_fifo.lock);
}

void ml_records_unlock_all(void)
{
	ml_spin_unlock(&ml_fifo.lock);
}

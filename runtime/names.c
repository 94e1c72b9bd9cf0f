/* names.c: every name a heap block has had during its life (paper 001's
 * "This object has been pointed to or returned by"), for reports about it.
 *
 * Code built for full checking hands __ml_ref the site of each store of a
 * pointer into memory and of each assignment of a call's result (an
 * allocation, a function's result) to a local, and __ml_name the return
 * statement of a function returning the block. A block's sites are kept next to its
 * count (__ML_REFS[s].named: seven, by the low half of their addresses),
 * so the hot path tests a site against them all in the cache line the
 * count is in; a new one comes here (__ml_named) and takes the first free
 * entry there, by compare-and-swap only where other threads run. An eighth marks the list full
 * (bit 0 of its first entry, always clear in an address), after which
 * nothing is added and nothing is called. Reports turn the low halves back
 * into sites through the tables units announce (the sites of one unit lie
 * in one array, far smaller than 4 GB), then into names (the variable or
 * lvalue, or "returned by f"), merging the sites that name the same one.
 * Parameters, and locals given another pointer's value (a copy, a cursor
 * stepping through a list), do not name blocks: a block handed to helpers
 * or walked over would list each, at the cost of a test on the hot path
 * for every such move.
 */
#include "internal.h"

/* The site tables of the units, in the order they announce themselves. */
#define ML_UNITS_MAX 4096u
struct ml_unit_sites {
	const site_t *base;
	unsigned n;
};
/* names.c's part of the state mapping (internal.h) */
struct ml_names_state {
	unsigned nunits;
	struct ml_unit_sites units[ML_UNITS_MAX];
};
_Static_assert(ML_ST_NAMES + sizeof(struct ml_names_state) <= ML_ST_END, "names.c's state fits");
#define ml_nunits (ML_STATE_AT(struct ml_names_state, ML_ST_NAMES).nunits)
#define ml_units (ML_STATE_AT(struct ml_names_state, ML_ST_NAMES).units)

void ml_names_unit(const site_t *sites, unsigned n)
{
	unsigned u = ML_LOAD(&ml_nunits);
	if (!n || u == ML_UNITS_MAX)
		return; /* (its sites are not listed) */
	ml_units[u] = (struct ml_unit_sites){sites, n};
	ML_REL(&ml_nunits, u + 1);
}

/* The site whose address's low half is lo, or NULL. */
static const site_t *ml_site_of(unsigned lo)
{
	unsigned nu = ML_ACQ(&ml_nunits);
	for (unsigned u = 0; u < nu; u++) {
		uptr base = (uptr)ml_units[u].base, size = ml_units[u].n * sizeof(site_t);
		uptr a = (base & ~(uptr)0xffffffff) | lo;
		if (a < base)
			a += (uptr)1 << 32;
		if (a - base < size && (a - base) % sizeof(site_t) == 0)
			return (const site_t *)a;
	}
	return 0;
}

int ml_site_known(const site_t *s)
{
	unsigned nu = ML_ACQ(&ml_nunits);
	for (unsigned u = 0; u < nu; u++) {
		uptr off = (uptr)s - (uptr)ml_units[u].base;
		if (off < ml_units[u].n * sizeof(site_t) && off % sizeof(site_t) == 0)
			return 1;
	}
	return 0;
}

void __ml_named(unsigned s, const site_t *site)
{
	unsigned *named = __ML_REFS[s].named, lo = (unsigned)(uptr)site;
	if (!ML_LOAD(&__ml_mt)) {
		/* (alone, nothing changes the entries since __ml_known_name looked) */
		for (unsigned i = 0; i < __ML_NAMES_MAX; i++)
			if (!named[i]) {
				named[i] = lo;
				return;
			}
		named[0] |= 1u; /* full */
		return;
	}
	for (unsigned i = 0; i < __ML_NAMES_MAX; i++) {
		unsigned v = ML_LOAD(&named[i]);
		/* (another thread may claim the entry first: then look again) */
		while (!v && !__atomic_compare_exchange_n(&named[i], &v, lo, 0, __ATOMIC_RELAXED,
		                                          __ATOMIC_RELAXED))
			;
		if (!v || (v & ~1u) == lo)
			return;
	}
	__atomic_fetch_or(&named[0], 1u, __ATOMIC_RELAXED); /* full */
}

void ml_mt_on(void)
{
	if (ML_LOAD(&__ml_mt))
		return;
	ML_STORE(&__ml_mt, 1);
}

void __ml_name_slow(__ml_meta_t m, const site_t *site)
{
	__ml_name_block(m, site);
}

unsigned ml_names_get(unsigned s, const site_t **v, int *more)
{
	const unsigned *named = __ML_REFS[s].named;
	unsigned k = 0;
	for (unsigned i = 0; i < __ML_NAMES_MAX; i++) {
		unsigned lo = ML_LOAD(&named[i]) & ~1u;
		if (lo && (v[k] = ml_site_of(lo)) != 0)
			k++;
	}
	*more = ML_LOAD(&named[0]) & 1;
	return k;
}

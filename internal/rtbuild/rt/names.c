/* names.c: every name a heap block has had during its life (paper 001's
 * "This object has been pointed to or returned by"), for reports about it.
 *
 * Code built for full checking hands __ml_ref the site of each reference
 * it makes (an assignment, a store, a parameter) and __ml_name the return
 * statement of a function returning the block. The hot path compares the
 * site with the block's newest one (__ML_NAMES[s].last); a different one
 * comes here, which keeps the distinct sites, oldest first. Reports turn
 * sites into names (the variable or lvalue, or "returned by f") and merge
 * the sites that name the same one. */
#include "internal.h"

#include <string.h>

int ml_names_on;

void __ml_named(unsigned s, const site_t *site)
{
	struct __ml_names *n = &__ML_NAMES[s];
	ML_STORE(&n->last, site);
	for (unsigned i = 0; i < __ML_NAMES_MAX; i++) {
		const site_t *v = ML_LOAD(&n->seen[i]);
		/* (another thread may claim the entry first: then look again) */
		while (!v && !__atomic_compare_exchange_n(&n->seen[i], &v, site, 0, __ATOMIC_RELAXED,
		                                          __ATOMIC_RELAXED))
			;
		if (!v || v == site)
			return;
	}
	__atomic_fetch_add(&n->more, 1, __ATOMIC_RELAXED);
}

void ml_names_reset(unsigned s)
{
	struct __ml_names *n = &__ML_NAMES[s];
	if (ML_LOAD(&ml_names_on) && ML_LOAD(&n->last))
		memset(n, 0, sizeof *n);
}

unsigned ml_names_get(unsigned s, const site_t **v, uptr *more)
{
	const struct __ml_names *n = &__ML_NAMES[s];
	unsigned k = 0;
	*more = 0;
	if (!ML_LOAD(&ml_names_on))
		return 0;
	for (unsigned i = 0; i < __ML_NAMES_MAX; i++)
		if ((v[k] = ML_LOAD(&n->seen[i])) != 0)
			k++;
	*more = ML_LOAD(&n->more);
	return k;
}

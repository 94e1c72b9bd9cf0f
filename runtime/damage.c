/* damage.c: memlens's own state under the program's wild writes.
 *
 * The tables (records, their cold details, the pointer and definedness
 * shadows, the live-base map, the stack depot, the history, per-thread
 * info) live at fixed addresses outside application memory, each with
 * unmapped gigabytes around it: no overflow of a heap, stack or global
 * block runs into them, and nothing of the program's is mapped there
 * natively, so an access there is a fault in the native program. Still, a
 * wild pointer can land in them:
 *
 *  - an address made from an integer has the meta INVALID, so its access is
 *    reported (INVALID-DEREF) before it runs; an access memlens reported
 *    whose range reaches its own memory is then not made: the program dies
 *    of SIGSEGV, as natively (ml_refuse_own);
 *  - a pointer memlens knows nothing about (WILD: libc's, an address in no
 *    block) moved far away, or code built without memlens, is not checked:
 *    its write lands. The paths that read the tables cold (reports, their
 *    explanations, the leak check) validate what they read before they
 *    follow it (ml_record_sane, the depot's ids, the history's), and a
 *    fault there despite that (a garbage site pointer) is caught by the
 *    signal handler, which abandons the cold path (ML_COLD_GUARD).
 *
 * Damage found either way is told in one line, with the last statement
 * memlens saw the program at (the innermost frame's current site), and
 * memlens then reports nothing more: its records can no longer be trusted.
 * The exit status is that of a run with reports (exitcode).
 */
#include "internal.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>


/* Is [a, a+n) (partly) in memlens's own ranges: outside application
 * memory, canonical, above the NULL page? */
int ml_own_range(uptr a, uptr n)
{
	uptr e = a + (n ? n : 1);
	if (e < a || a >= 0x800000000000UL)
		return 0;
	if (a < 0x010000000000UL)
		return e > 0x010000000000UL;
	return !ml_app_range(a, e - a);
}

/* memlens's ranges, by what is there (internal.h, memlens.h); the slot-
 * indexed tables are open only as far as slots were handed out (records.c). */
static const struct {
	uptr lo, hi;
	const char *name;
} ml_own_ranges[] = {
	/* (first: they reach 2 MiB into the ranges above them) */
	{0x010000000000UL + __ML_META_OFF, 0x100000000000UL + __ML_META_OFF, "pointer shadow"},
	{0x200000000000UL + __ML_META_OFF, 0x300000000000UL + __ML_META_OFF, "pointer shadow"},
	{0x500000000000UL + __ML_META_OFF, 0x510000000000UL + __ML_META_OFF, "pointer shadow"},
	{0x100000000000UL, 0x200000000000UL, "definedness shadow"},
	{(uptr)__ML_RECS, (uptr)__ML_RECS + ML_RECS_SIZE, "record table"}, /* (inside the typestate map) */
	{0x440000000000UL, 0x444000000000UL, "live-base map"},
	{__ML_PCK_IDS, 0x4c0000001000UL, "typestate map"},
	{0x340000000000UL, 0x380000000000UL, "heap map"}, /* (inside the live-base map's) */
	{ML_BASEMAP_ADDR, __ML_PCK_IDS, "live-base map"},
	{ML_COLD_ADDR, ML_HIST_ADDR, "record details"},
	{ML_HIST_ADDR, ML_DEPOT_ADDR, "free history"},
	{ML_DEPOT_ADDR, ML_THR_ADDR, "stack depot"},
	{ML_THR_ADDR, ML_ARENA_ADDR, "thread table"},
	{ML_ARENA_ADDR, ML_LSITE_ADDR, "internal arena"},
	{ML_LSITE_ADDR, (uptr)__ML_REFS, "local sites table"},
	{(uptr)__ML_REFS, ML_STEPS_ADDR, "reference counts"},
	{ML_STEPS_ADDR, ML_FPROV_ADDR, "value propagation steps"},
	{ML_FPROV_ADDR, ML_STATE_ADDR - ML_STATE_GUARD, "free provenance ring"},
	{ML_STATE_ADDR - ML_STATE_GUARD, ML_STATE_ADDR + ML_STATE_SIZE + ML_STATE_GUARD, "state"},
	{ML_RARE_ADDR, ML_RARE_ADDR + __ML_MAX_RECS * sizeof(struct ml_rare), "record details"},
};

const char *ml_own_table(uptr a)
{
	for (unsigned i = 0; i < sizeof ml_own_ranges / sizeof ml_own_ranges[0]; i++)
		if (a >= ml_own_ranges[i].lo && a < ml_own_ranges[i].hi)
			return ml_own_ranges[i].name;
	return 0;
}

/* The last statement memlens saw this thread run: the one whose event is
 * being judged, else the current site of the innermost frame (after main
 * returned, main's last one); if it is one of the units' own sites (they
 * are read-only: only the pointer can be bad). */
static const site_t *ml_last_statement(void)
{
	unsigned d = __ml_t.depth;
	if (d > __ML_MAX_FRAMES)
		d = __ML_MAX_FRAMES;
	const site_t *s = ml_tls.detecting ? ml_tls.detecting : __ml_t.frames[d ? d - 1 : 0];
	return ml_site_known(s) ? s : 0;
}

void ml_state_damaged(void)
{
	/* (the start-up gate stays in the program's .bss: malloc reads it
	 * before the state mapping exists; it can only be hit after start-up) */
	ml_damaged("memlens's start-up flag holds impossible values%.0lu", 0);
	ml_state = ML_READY;
}

void ml_damaged(const char *fmt, uint64_t v)
{
	if (__atomic_exchange_n(&ml_damage, 1, __ATOMIC_ACQ_REL))
		return;
	int e = errno;
	char what[160];
	snprintf(what, sizeof what, fmt, (unsigned long)v);
	ml_errors = 1;
	const site_t *s = ml_last_statement();
	if (s)
		ml_printf("==%d== memlens: memlens's state was damaged (%s); the last statement memlens saw: %s:%u in "
		          "%s (thread T%u): a wild write into memlens's memory; memlens reports nothing more\n",
		          (int)getpid(), what, s->file, s->line, s->func, __ml_t.id);
	else
		ml_printf("==%d== memlens: memlens's state was damaged (%s) before any statement memlens saw "
		          "(thread T%u): a wild write into memlens's memory; memlens reports nothing more\n",
		          (int)getpid(), what, __ml_t.id);
	errno = e;
}

void ml_refuse_own(const struct ml_event *ev)
{
	if (ev->point != ML_DEREF_R && ev->point != ML_DEREF_W)
		return;
	if (!ml_own_range(ev->p, ev->n))
		return;
	ml_die_of(SIGSEGV);
	_exit(128 + SIGSEGV); /* (inside a handler blocking it: the shell's status of that death) */
}

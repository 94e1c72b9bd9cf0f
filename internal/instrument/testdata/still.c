/* Functions that can lower a block's count while they run, and functions
 * that cannot (still: their pointer parameters borrow, still_test.go;
 * held: every call passes values held elsewhere, through argument lists
 * that drop nothing, or whose calls lie beside variables: held_beside_call,
 * not beside a global or a member; through a call table too: held_table's
 * calls pass memory, still_table's a call's result; kept: each is
 * called with memory, so its parameters are not held ones either,
 * heldparams.c). Each held function has a call passing memory: passed only
 * variables or a named object's address, its parameters would borrow
 * nothing (bare_deref, heldstill.c). */
#include <stdlib.h>
#include <string.h>

struct n {
	struct n *next;
	long *cur;
	long v;
};

static long still_get(const struct n *p) { return p->v; }
static void held_moves(struct n *p) { p->cur++; p->cur += 2; p->v += 1; }
static long held_calls_still(struct n *p) { return still_get(p) + 1; }
static long held_recursive(const struct n *p) { return p->next ? 1 + held_recursive(p->next) : 0; }
static long still_or_abort(const struct n *p)
{
	if (!p)
		abort();
	return p->v;
}
static void kept_store(struct n *p, struct n *q) { p->next = q; }
static long held_local(const struct n *p)
{
	const struct n *q = p->next;
	return q ? q->v : 0;
}
static long kept_local_address(const struct n *p)
{
	const struct n *q = p->next;
	const struct n **r = &q;
	return *r ? (*r)->v : 0;
}
static void kept_frees(struct n *p) { free(p->next); }
static long kept_allocates(const struct n *p) { return p->v + (long)sizeof(struct n) * (p->next != calloc(1, 1)); }
static void kept_calls_kept(struct n *p, struct n *q) { kept_store(p, q); }
static long kept_through_pointer(struct n *p, long (*f)(const struct n *)) { return f(p); }
static void kept_copies(struct n *p, const struct n *q) { memcpy(p, q, sizeof *p); }
static long held_pointer_local_to_local(const struct n *p)
{
	long a = p->v;
	long *b = &a;
	return *b;
}
static long bare_deref(const long *a) { return *a; }
static long held_address_taken(const struct n *p)
{
	long a = p->v;
	return bare_deref(&a);
}

static long held_beside_call(const struct n *p, long v) { return p->v + v; }
static long still_beside_call_global(const struct n *p, long v) { return p->v - v; }
static long still_beside_call_member(const struct n *p, long v) { return p->v * v; }
struct n *global_n;

static long held_table(const struct n *p) { return p->v; }
static long still_table(const struct n *p) { return p->v + 1; }
static long (*const held_tab[])(const struct n *) = {held_table};
static long (*const still_tab[])(const struct n *) = {still_table};

long use_them(struct n *p, struct n *q)
{
	kept_store(p->next, q->next);
	kept_frees(p->next);
	kept_calls_kept(p->next, q->next);
	kept_copies(p->next, q->next);
	held_moves(p->next);
	return still_get(p) + held_calls_still(p->next) + held_recursive(p) + still_or_abort(p) + still_or_abort(calloc(1, sizeof *p)) +
	       held_local(p->next) + kept_allocates(p->next) + kept_through_pointer(p->next, still_get) + held_pointer_local_to_local(p->next) +
	       kept_local_address(p->next) + held_address_taken(p->next) + held_beside_call(p, still_get(p)) + held_beside_call(p->next, 0) +
	       still_beside_call_global(global_n, still_get(p)) + still_beside_call_member(p->next, still_get(p)) + held_tab[p->v & 0](p->next) +
	       still_tab[p->v & 0](calloc(1, sizeof *p));
}

/* Still functions (still.go) whose every call passes, in a pointer
 * parameter's place, a variable only the caller can assign or the address
 * of a named object (heldparams.go, TestHeldStillParameters): with full
 * checking those parameters borrow nothing (held_*: no __ml_borrow, no
 * __ml_borrow_held), pointer-returning functions, assigned parameters and
 * a call table's functions included; a parameter some call passes memory,
 * a call's result, a member's address or a variable whose address is
 * taken borrows (borrowed_*), as does one of a function other units may
 * call. */
#include <stdlib.h>

struct n {
	struct n *next;
	long v;
};

struct box {
	struct n *first;
	long count;
};

struct box global_box;

static long held_variable(const struct n *p) { return p->v; }
static long held_named(const struct box *b) { return b->count; }
static const struct n *held_returns(const struct n *p) { return p->next; }
static const struct n *held_returns_itself(const struct n *p) { return p; }
static long held_assigned(const struct n *p)
{
	long k = 0;
	while (p->next) {
		p = p->next;
		k++;
	}
	return k;
}
static long held_forwarded(const struct n *p) { return held_variable(p) + 1; }
static long held_table(const struct box *b, const struct n *p) { return b->count + p->v; }
static long held_table_too(const struct box *b, const struct n *p) { return b->count - p->v; }
static long (*const held_tab[])(const struct box *, const struct n *) = {held_table, held_table_too};

static long borrowed_member(const struct n *p) { return p->v; }
static long borrowed_result(const struct n *p) { return p ? p->v : 0; }
static long borrowed_member_address(const long *v) { return *v; }
static long borrowed_address_taken(const struct n *p) { return p->v; }
long borrowed_external(const struct n *p) { return p->v; }

long use_them(struct n *p, long i)
{
	struct box b = {p, 1};
	struct n *c = p->next, *q = p, **where = &q;
	const struct n *r = held_returns(p);
	long s = held_variable(p) + held_variable(c) + held_named(&b) + held_named(&global_box) + held_assigned(p) +
	         held_forwarded(p) + held_tab[i & 1](&b, p);
	s += held_returns_itself(r) != 0;
	s += borrowed_member(p->next) + borrowed_member(p) + borrowed_result(calloc(1, sizeof *p)) + borrowed_member_address(&p->v) +
	     borrowed_address_taken(*where) + borrowed_address_taken(q) + borrowed_external(p);
	return s;
}

/* Held parameters (heldparams.go, TestHeldParameters): with full checking,
 * a pointer parameter of a function that may lower counts takes no
 * reference of its own where every call passes a pointer variable of the
 * caller's frame that only the caller can assign (held_*); it counts one
 * (__ml_refd) where some call passes memory, a global, a call's result or a
 * variable whose address is taken (which a call beside it may assign), where
 * the function assigns the parameter, returns a pointer or is not static
 * (kept_*). */
#include <stdlib.h>

struct n {
	struct n *next;
	long v;
};

struct n *global_n;

static void held_local(struct n *p) { free(p->next); p->next = 0; }
static void held_forwarded(struct n *p) { held_local(p); }
static void held_two(struct n *p, struct n *q) { p->next = q; free(q->next); }
static void kept_member(struct n *p) { free(p->next); }
static void kept_global(struct n *p) { free(p->next); }
static void kept_result(struct n *p) { free(p->next); }
static void kept_address_taken(struct n *p) { free(p->next); }
static void kept_address_beside(struct n *p, long v) { free(p->next); p->v = v; }
static void kept_reassigned(struct n *p)
{
	free(p->next);
	p = p->next;
	free(p);
}
static struct n *kept_returns_pointer(struct n *p)
{
	free(p->next);
	return p;
}
void kept_external(struct n *p) { free(p->next); }

static long set(struct n **pp, struct n *v)
{
	*pp = v;
	return 0;
}

void use_them(struct n *a, struct n *b)
{
	struct n *l = malloc(sizeof *l), *m = l;
	held_local(l);
	held_forwarded(a);
	held_two(a, b);
	kept_member(a->next);
	kept_global(global_n);
	kept_result(calloc(1, sizeof(struct n)));
	struct n **where = &m;
	kept_address_taken(m);
	kept_address_beside(m, set(where, b));
	kept_reassigned(a);
	kept_returns_pointer(l);
	kept_external(l);
	free(l);
}

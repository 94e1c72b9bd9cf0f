/* Cycles that stay reachable until they are freed: a ring returned
 * through two calls while the next argument's callee makes thousands of
 * blocks (collections run while the ring is only a value in flight), a
 * doubly linked list kept in a global, a tree with parent pointers whose
 * subtree moves to another parent, a ring held only through an integer
 * (XOR of two addresses), and a ring unlinked node by node. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct node { struct node *next, *prev; int v; };

static struct node *ring(int n)
{
	struct node *head = calloc(1, sizeof *head), *tail = head;
	for (int i = 1; i < n; i++) {
		struct node *x = calloc(1, sizeof *x);
		x->v = i;
		x->prev = tail;
		tail->next = x;
		tail = x;
	}
	tail->next = head;
	head->prev = tail;
	return head;
}

static struct node *ring_via(int n) { return ring(n); }

static void ring_free(struct node *r)
{
	struct node *x = r->next;
	while (x != r) {
		struct node *next = x->next;
		free(x);
		x = next;
	}
	free(r);
}

static int churn(int n)
{
	int sum = 0;
	for (int i = 0; i < n; i++) {
		int *p = malloc(sizeof *p);
		*p = i;
		sum += *p & 1;
		free(p);
	}
	return sum;
}

static int ring_sum(struct node *r, int extra)
{
	int s = r->v + extra;
	for (struct node *x = r->next; x != r; x = x->next)
		s += x->v;
	ring_free(r);
	return s;
}

/* (whichever argument the compiler evaluates first) */
static int ring_sum_r(int extra, struct node *r) { return ring_sum(r, extra); }

static struct node *kept; /* a global's ring */

struct tn { struct tn *parent, *left, *right; int key; };

static struct tn *tnode(struct tn *parent, int key)
{
	struct tn *t = calloc(1, sizeof *t);
	t->parent = parent;
	t->key = key;
	return t;
}

int main(void)
{
	printf("%d\n", ring_sum(ring_via(5), churn(5000)));
	printf("%d\n", ring_sum_r(churn(5000), ring_via(3)));

	kept = ring(4);
	struct node *r = kept;
	printf("%d\n", r->next->v);
	r = NULL; /* the global still has it */
	printf("%d\n", churn(5000) + kept->prev->v);

	struct tn *a = tnode(NULL, 1), *b = tnode(NULL, 2);
	a->left = tnode(a, 3);
	a->left->left = tnode(a->left, 4);
	b->right = a->left; /* the subtree moves to b */
	b->right->parent = b;
	a->left = NULL;
	printf("%d %d\n", churn(5000), b->right->left->parent->parent->key);
	free(b->right->left);
	free(b->right);
	free(b);
	free(a);

	/* a ring only an integer remembers */
	uintptr_t hidden = (uintptr_t)ring(3) ^ (uintptr_t)0x5a5a;
	printf("%d\n", churn(5000));
	ring_free((struct node *)(hidden ^ (uintptr_t)0x5a5a));

	/* unlinked one node at a time */
	struct node *u = ring(4);
	while (u->next != u) {
		struct node *x = u->next;
		u->next = x->next;
		x->next->prev = u;
		free(x);
	}
	free(u);
	ring_free(kept);
	return 0;
}

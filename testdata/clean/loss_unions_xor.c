/* Pointers memlens cannot count: an XOR-linked list (each node keeps
 * prev ^ next as an integer), tagged pointers kept in a union's integer
 * member, a pointer read back through that member. Nothing is lost: none
 * is reported, all are freed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct xnode {
	uintptr_t link; /* prev ^ next */
	int v;
};

union slot {
	struct xnode *p;
	uintptr_t bits; /* bit 0: marked */
};

static struct xnode *xstep(struct xnode *prev, struct xnode *cur)
{
	return (struct xnode *)(cur->link ^ (uintptr_t)prev);
}

int main(void)
{
	struct xnode *head = NULL, *tail = NULL;
	for (int i = 0; i < 5; i++) {
		struct xnode *n = malloc(sizeof *n);
		n->v = i;
		n->link = (uintptr_t)tail;
		if (tail)
			tail->link ^= (uintptr_t)n;
		else
			head = n;
		tail = n;
	}
	int sum = 0;
	for (struct xnode *prev = NULL, *cur = head, *next; cur; prev = cur, cur = next) {
		next = xstep(prev, cur);
		sum += cur->v;
	}
	printf("sum %d\n", sum);

	union slot *slots = calloc(3, sizeof *slots);
	for (int i = 0; i < 3; i++) {
		slots[i].p = malloc(sizeof(struct xnode));
		slots[i].p->v = 10 * i;
	}
	slots[1].bits |= 1;
	for (int i = 0; i < 3; i++) {
		struct xnode *o = (struct xnode *)(slots[i].bits & ~(uintptr_t)1);
		printf("slot %d: %d%s\n", i, o->v, slots[i].bits & 1 ? " (marked)" : "");
		slots[i].p = NULL;
		free(o);
	}
	free(slots);

	for (struct xnode *prev = NULL, *cur = head, *next; cur; prev = cur, cur = next) {
		next = xstep(prev, cur);
		free(cur);
	}
	return 0;
}

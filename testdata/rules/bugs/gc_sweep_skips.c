/* memlens:rules gc.rules
 *
 * A mark-and-sweep collector: bit 0 of an object's first word is its alive
 * bit. The sweep unlinks and frees the unmarked objects, but after an
 * unlink it steps over the next object without looking at it: garbage
 * right after garbage survives the collection, unmarked (GC-BUG at the
 * end of gc, before the next collection resets the bits). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct obj {
	uintptr_t mark;
	struct obj *left, *right;
	struct obj *next; /* every object, newest first */
	int value;
};

static struct obj *all;
static struct obj *roots[4];

static struct obj *new_obj(int value, struct obj *left, struct obj *right)
{
	struct obj *o = calloc(1, sizeof *o);
	o->value = value;
	o->left = left;
	o->right = right;
	o->next = all;
	all = o;
	return o;
}

static void mark(struct obj *o)
{
	if (!o || (o->mark & 1))
		return;
	o->mark |= 1;
	mark(o->left);
	mark(o->right);
}

static int sweep(void)
{
	int freed = 0;
	struct obj **p = &all;
	while (*p) {
		struct obj *o = *p;
		if (!(o->mark & 1)) {
			*p = o->next;
			free(o);
			freed++;
			if (!*p)
				break;
		}
		p = &(*p)->next;
	}
	return freed;
}

static int gc(void)
{
	for (struct obj *o = all; o; o = o->next)
		o->mark &= ~(uintptr_t)1;
	for (int i = 0; i < 4; i++)
		mark(roots[i]);
	return sweep();
}

int main(void)
{
	for (int round = 0; round < 3; round++) {
		struct obj *leaf = new_obj(1, NULL, NULL);
		new_obj(2, NULL, NULL); /* garbage at once */
		new_obj(3, NULL, NULL); /* and more, right after it */
		roots[round] = new_obj(4, leaf, NULL);
		int freed = gc(); // want GC-BUG
		printf("round %d: %d freed\n", round, freed);
	}
	int left = 0;
	while (all) {
		struct obj *o = all;
		all = o->next;
		free(o);
		left++;
	}
	printf("%d left\n", left);
	return 0;
}

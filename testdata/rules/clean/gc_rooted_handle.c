/* memlens:rules reclaimed.rules
 *
 * The collector of rules/bugs/gc_unrooted_handle, with make_pair rooting
 * its elements while it allocates: every access the rule sees (all of
 * them, the collector's own included) is to a live object's fields, or to
 * a header. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct obj {
	uintptr_t hdr; /* bit 0: alive; a reclaimed object: the next free one */
	int value;
	struct obj *left, *right;
};

#define MAXOBJ 8
static struct obj *objs[MAXOBJ]; /* every object made, for mark and sweep */
static int nobj;
static struct obj *free_list;
static struct obj *roots[4];

static void mark(struct obj *o)
{
	if (!o || (o->hdr & 1))
		return;
	o->hdr |= 1;
	mark(o->left);
	mark(o->right);
}

static void gc(void)
{
	for (int i = 0; i < nobj; i++)
		if (objs[i]->hdr & 1)
			objs[i]->hdr = 0;
	for (int i = 0; i < 4; i++)
		mark(roots[i]);
	free_list = NULL;
	for (int i = 0; i < nobj; i++) {
		if (!(objs[i]->hdr & 1))
			objs[i]->hdr = (uintptr_t)free_list;
		else
			continue;
		free_list = objs[i];
	}
}

static struct obj *alloc(int value)
{
	struct obj *o;
	if (nobj == MAXOBJ) {
		gc();
		if (!free_list) {
			fprintf(stderr, "out of memory\n");
			exit(1);
		}
	}
	if (free_list) {
		o = free_list;
		free_list = (struct obj *)o->hdr;
	} else {
		o = malloc(sizeof *o);
		objs[nobj++] = o;
	}
	o->hdr = 1;
	o->value = value;
	o->left = o->right = NULL;
	return o;
}

static struct obj *make_pair(int a, int b)
{
	struct obj *first = alloc(a);
	roots[3] = first; /* rooted while the next allocations run */
	struct obj *second = alloc(b);
	roots[2] = second;
	struct obj *pair = alloc(a + b);
	pair->left = first;
	pair->right = second;
	first->value *= 2;
	roots[3] = NULL;
	return pair;
}

int main(void)
{
	roots[0] = alloc(1);
	roots[1] = alloc(2);
	for (int i = 0; i < 4; i++)
		alloc(10 + i); /* garbage at once */
	roots[2] = make_pair(3, 4);
	printf("%d %d %d\n", roots[0]->value, roots[1]->value, roots[2]->value);
	for (int i = 0; i < nobj; i++)
		free(objs[i]);
	return 0;
}

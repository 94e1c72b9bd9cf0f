/* memlens:rules reclaimed.rules
 *
 * A mark-and-sweep collector over objects it keeps: bit 0 of an object's
 * header is its alive bit; the sweep links an unmarked object into the
 * free list through its header (alive bit off) and allocation takes from
 * that list first. make_pair holds its first element in a local that is
 * not a root while allocating the second: the collection that allocation
 * runs reclaims the first, and make_pair then writes into an object of the
 * free list (USE-OF-RECLAIMED). The memory is still the program's, so no
 * built-in check sees anything. */
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
	struct obj *first = alloc(a); /* not a root while the next allocation runs */
	struct obj *second = alloc(b);
	struct obj *pair = alloc(a + b);
	pair->left = first;
	pair->right = second;
	first->value *= 2; // want USE-OF-RECLAIMED
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

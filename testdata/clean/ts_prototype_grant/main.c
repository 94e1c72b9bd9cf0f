/* A pool of slots whose functions are annotated where they are declared,
 * at the top of the file, and defined further down without annotations:
 * the grants of a prototype's annotation go with the function's
 * definition, so nothing here is a violation. */
#include <stdio.h>

#include "pool_pck.h"

#define SLOT  32
#define SLOTS 8

struct slot {
	long tag;
	long data[3];
};

PCK_W(PCK_Slot_Free_Link)
static void push_free(struct slot *s);
PCK_R(PCK_Slot_Free_Link) PCK_W(PCK_Slot_Live_Tag)
static long *obj_new(long tag);
PCK_R(PCK_Slot_Live_Tag)
static long obj_tag(const long *o);

static struct slot pool[SLOTS];
static struct slot *free_list;

static void push_free(struct slot *s)
{
	pck_transition_Slot_Free(s, SLOT);
	*(struct slot **)s = free_list;
	free_list = s;
}

static long *obj_new(long tag)
{
	struct slot *s = free_list;
	if (!s)
		return NULL;
	free_list = *(struct slot **)s;
	pck_transition_Slot_Live(s, SLOT);
	s->tag = tag;
	return s->data;
}

static long obj_tag(const long *o)
{
	return ((const struct slot *)(o - 1))->tag;
}

PCK_RW(PCK_Slot_Live)
int main(void)
{
	pck_transition_Pool(pool, sizeof pool);
	for (int i = SLOTS - 1; i >= 0; i--)
		push_free(&pool[i]);
	long *a = obj_new(7), *b = obj_new(9);
	for (int i = 0; i < 3; i++)
		a[i] = b[i] = i;
	printf("tags %ld %ld, sum %ld\n", obj_tag(a), obj_tag(b), a[2] + b[1]);
	return 0;
}

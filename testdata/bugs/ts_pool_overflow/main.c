/* A fixed-size object pool whose user writes one element past its
 * object: the write lands on the next slot's first word, inside the pool's
 * one array, where no bounds check sees it. The typestate of that word (a
 * free slot's link, or a live one's tag) is not the payload the user may
 * write. */
#include <stdio.h>

#include "pool_pck.h"

#define SLOT  32
#define SLOTS 16

struct slot {
	long tag;
	long data[3];
};

static struct slot pool[SLOTS];
static struct slot *free_list;

PCK_W(PCK_Slot_Free_Link)
static void push_free(struct slot *s)
{
	pck_transition_Slot_Free(s, SLOT);
	*(struct slot **)s = free_list;
	free_list = s;
}

PCK_R(PCK_Slot_Free_Link) PCK_W(PCK_Slot_Live_Tag)
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

PCK_R(PCK_Slot_Live_Tag)
static long obj_tag(const long *o)
{
	return ((const struct slot *)(o - 1))->tag;
}

static void pool_init(void)
{
	pck_transition_Pool(pool, sizeof pool);
	for (int i = SLOTS - 1; i >= 0; i--)
		push_free(&pool[i]);
}

PCK_RW(PCK_Slot_Live)
static void fill(long *o, int n)
{
	for (int i = 0; i <= n; i++) /* one too many */
		o[i] = i * 10; // want TYPESTATE-VIOLATION
}

PCK_RW(PCK_Slot_Live)
int main(void)
{
	pool_init();
	long *a = obj_new(1), *b = obj_new(2);
	fill(b, 3);
	fill(a, 2);
	printf("tags %ld %ld, a[2] %ld\n", obj_tag(a), obj_tag(b), a[2]);
	return 0;
}

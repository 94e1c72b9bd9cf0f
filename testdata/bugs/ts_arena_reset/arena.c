/* arena.c: a region allocator. Regions are carved from one static block;
 * each starts with a header (top, limit, next region) and hands out
 * objects by bumping top. An object has a 4-byte size and a 4-byte type,
 * then its words. arena_reset frees a region's objects at once. */
#include "arena.h"

#include <stdint.h>

#include "arena_pck.h"

#define REGION_BYTES 4096
#define NREGIONS 4

struct region {
	char *top, *limit;
	struct region *next;
};
struct obj {
	uint32_t size, type;
	long words[];
};

static long block[NREGIONS * REGION_BYTES / sizeof(long)];
static struct region *free_regions;

PCK_W(PCK_ALL_Top, PCK_ALL_Limit, PCK_ALL_Next)
void arena_init(void)
{
	char *b = (char *)block;
	for (int i = NREGIONS - 1; i >= 0; i--) {
		struct region *r = (struct region *)(b + i * REGION_BYTES);
		pck_transition_Region(r, REGION_BYTES);
		r->top = (char *)(r + 1);
		r->limit = (char *)r + REGION_BYTES;
		r->next = free_regions;
		free_regions = r;
	}
}

PCK_RW(PCK_ALL_Next)
struct region *arena_new(void)
{
	struct region *r = free_regions;
	if (r)
		free_regions = r->next;
	return r;
}

PCK_RW(PCK_ALL_Top) PCK_R(PCK_ALL_Limit) PCK_W(PCK_Obj_ObjHdr_Size, PCK_Obj_ObjHdr_Type)
void *arena_alloc(struct region *r, size_t nwords, unsigned type)
{
	size_t bytes = sizeof(struct obj) + nwords * sizeof(long);
	if (r->top + bytes > r->limit)
		return NULL;
	struct obj *o = (struct obj *)r->top;
	r->top += bytes;
	pck_transition_Obj(o, bytes);
	o->size = (uint32_t)nwords;
	o->type = type;
	return o->words;
}

PCK_R(PCK_Obj_ObjHdr_Size)
size_t arena_words(const void *p)
{
	const struct obj *o = (const struct obj *)((const char *)p - sizeof(struct obj));
	return o->size;
}

PCK_W(PCK_ALL_Top) PCK_R(PCK_ALL_Limit)
void arena_reset(struct region *r)
{
	pck_transition_Region(r, (size_t)(r->limit - (char *)r));
	r->top = (char *)(r + 1);
}

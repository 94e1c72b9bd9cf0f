/* buddy.c: a binary buddy allocator.
 *
 * The arena is split into blocks of 32 << order bytes, each aligned to its
 * size within the arena, so a block's buddy is at its offset XOR its size.
 * A free block's first word is FREE_MARK | order and the links of its
 * order's doubly linked free list follow; a used block's first word is
 * USED_MARK | order, its second the size asked for. Allocation splits a
 * larger block down to the order needed; freeing merges a block with its
 * buddy while the buddy is free and of the same order. buddy.pck says which
 * word is which; each function may touch only what its annotation names.
 */
#include "buddy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buddy_pck.h"

#define ORDERS    14 /* 32 bytes to 256 KiB */
#define ARENA     ((size_t)32 << (ORDERS - 1))
#define FREE_MARK 0xf4ee0000UL
#define USED_MARK 0xb0dd0000UL
#define ORDER     0xffUL

struct free_block {
	size_t order;
	struct free_block *next, *prev;
};
struct used_block {
	size_t tag, size;
};

static unsigned char arena[ARENA] __attribute__((aligned(16)));
static struct free_block *lists[ORDERS];

const char *buddy_inject;
long buddy_countdown;

int buddy_injecting(const char *template_name)
{
	if (!buddy_inject || strcmp(buddy_inject, template_name) != 0 || buddy_countdown < 0)
		return 0;
	if (buddy_countdown-- > 0)
		return 0;
	fprintf(stderr, "buddy: injecting %s\n", template_name);
	return 1;
}

static size_t block_size(size_t order)
{
	return (size_t)32 << order;
}

static size_t order_of(size_t n)
{
	size_t order = 0;
	while (order < ORDERS && block_size(order) < n + sizeof(struct used_block))
		order++;
	return order;
}

static unsigned char *buddy_of(unsigned char *b, size_t order)
{
	return arena + ((size_t)(b - arena) ^ block_size(order));
}

PCK_R(PCK_Block_Free_Order, PCK_Block_Used_Tag)
static size_t head_word(const unsigned char *b)
{
	return *(const size_t *)b;
}

PCK_RW(PCK_Block_Free_Next, PCK_Block_Free_Prev)
static void list_push(struct free_block *f, size_t order)
{
	f->prev = NULL;
	f->next = lists[order];
	if (f->next)
		f->next->prev = f;
	lists[order] = f;
}

PCK_RW(PCK_Block_Free_Next, PCK_Block_Free_Prev)
static void list_remove(struct free_block *f, size_t order)
{
	if (f->prev) /* reported: double_insert, stale_link */
		f->prev->next = f->next;
	else
		lists[order] = f->next;
	if (f->next)
		f->next->prev = f->prev;
}

PCK_W(PCK_Block_Free_Order)
static void make_free(unsigned char *b, size_t order)
{
	pck_transition_Block_Free(b, block_size(order));
	((struct free_block *)b)->order = FREE_MARK | order;
	list_push((struct free_block *)b, order);
	if (buddy_injecting("double_insert"))
		list_push((struct free_block *)b, order);
}

PCK_W(PCK_Block_Used_Tag, PCK_Block_Used_Size)
static void make_used(unsigned char *b, size_t order, size_t n)
{
	if (!buddy_injecting("missing_transition"))
		pck_transition_Block_Used(b, block_size(order));
	struct used_block *u = (struct used_block *)b;
	u->tag = USED_MARK | order; /* reported: missing_transition */
	u->size = n;
}

PCK_R(PCK_Block_Used_Size)
static size_t used_size(const unsigned char *b)
{
	return ((const struct used_block *)b)->size;
}

void buddy_init(void)
{
	pck_transition_Heap(arena, sizeof arena);
	memset(lists, 0, sizeof lists);
	make_free(arena, ORDERS - 1);
}

/* The entry points touch no payload and no free block's body. */
PCK_NONE(PCK_Block_Used, PCK_Block_Free)
void *buddy_malloc(size_t n)
{
	size_t want = order_of(n);
	if (want > 0 && buddy_injecting("wrong_size_class"))
		want--;
	for (size_t order = want; order < ORDERS; order++) {
		struct free_block *f = lists[order];
		if (!f)
			continue;
		unsigned char *b = (unsigned char *)f;
		list_remove(f, order);
		while (order > want) { /* split: the upper half goes free */
			order--;
			make_free(b + block_size(order), order);
		}
		make_used(b, order, n);
		return b + sizeof(struct used_block);
	}
	return NULL;
}

PCK_NONE(PCK_Block_Used, PCK_Block_Free)
void buddy_free(void *p)
{
	if (!p)
		return;
	unsigned char *b = (unsigned char *)p - sizeof(struct used_block);
	size_t tag = head_word(b);
	if ((tag & ~ORDER) != USED_MARK) {
		fprintf(stderr, "buddy: free of %p, which is not in use\n", p);
		abort();
	}
	size_t order = tag & ORDER;
	while (order < ORDERS - 1) { /* merge with a free buddy of the same order */
		unsigned char *buddy = buddy_of(b, order);
		if (head_word(buddy) != (FREE_MARK | order))
			break;
		if (!buddy_injecting("stale_link"))
			list_remove((struct free_block *)buddy, order);
		if (buddy < b)
			b = buddy;
		order++;
	}
	make_free(b, order);
}

PCK_RW(PCK_Block_Used) PCK_W(PCK_Block_Used_Size)
void *buddy_realloc(void *p, size_t n)
{
	if (!p)
		return buddy_malloc(n);
	unsigned char *b = (unsigned char *)p - sizeof(struct used_block);
	size_t have = used_size(b);
	if (n <= block_size(head_word(b) & ORDER) - sizeof(struct used_block)) {
		((struct used_block *)b)->size = n;
		return p;
	}
	unsigned char *q = buddy_malloc(n);
	if (!q)
		return NULL;
	if (buddy_injecting("cloned_object"))
		memcpy(q - sizeof(struct used_block), b, have + sizeof(struct used_block)); /* reported: cloned_object */
	else
		memcpy(q, p, have);
	buddy_free(p);
	return q;
}

void buddy_stats(size_t *used, size_t *used_bytes, size_t *free, size_t *free_bytes)
{
	*used = *used_bytes = *free = *free_bytes = 0;
	for (unsigned char *b = arena; b < arena + sizeof arena;) {
		size_t w = head_word(b), size = block_size(w & ORDER);
		if ((w & ~ORDER) == USED_MARK) {
			++*used;
			*used_bytes += size;
		} else {
			++*free;
			*free_bytes += size;
		}
		b += size;
	}
}

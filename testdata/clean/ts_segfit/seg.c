/* seg.c: a segregated free-list allocator with boundary tags.
 *
 * The arena is a sequence of chunks. A chunk starts with a header word:
 * its size (a multiple of 16) | USED | PREV_USED. A used chunk's second
 * word is a magic number and its payload follows; a free chunk holds its
 * size class and the links of that class's doubly linked free list, and
 * its last word repeats its size, so freeing the chunk after it can find
 * its start and coalesce. The typestates of seg.pck say which is which;
 * each function below may touch only the header parts its annotation names.
 */
#include "seg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seg_pck.h"

#define USED      1UL
#define PREV_USED 2UL
#define FLAGS     3UL
#define MAGIC     0x5e65a11cUL
#define NCLASS    8
#define MIN_CHUNK 48 /* a free header, a footer, rounded to 16 */
#define ARENA     (1 << 18)

struct free_hdr {
	size_t size, cls;
	struct free_hdr *next, *prev;
};
struct used_hdr {
	size_t size, magic;
};

static unsigned char arena[ARENA] __attribute__((aligned(16)));
static struct free_hdr *lists[NCLASS];

const char *seg_inject;
long seg_countdown;

int seg_injecting(const char *template_name)
{
	if (!seg_inject || strcmp(seg_inject, template_name) != 0 || seg_countdown < 0)
		return 0;
	if (seg_countdown-- > 0)
		return 0;
	fprintf(stderr, "seg: injecting %s\n", template_name);
	return 1;
}

/* Classes of chunk sizes: up to 64, 128, ..., 4096 bytes, and larger. */
static size_t class_of(size_t size)
{
	size_t c = 0;
	for (size_t s = 64; c < NCLASS - 1 && size > s; s <<= 1)
		c++;
	return c;
}

PCK_R(PCK_Chunk_Free_FreeHdr_Size, PCK_Chunk_Used_UsedHdr_Size)
static size_t hdr_word(const unsigned char *c)
{
	return *(const size_t *)c;
}

PCK_W(PCK_Chunk_Free_FreeHdr_Size, PCK_Chunk_Used_UsedHdr_Size)
static void set_hdr_word(unsigned char *c, size_t w)
{
	*(size_t *)c = w;
}

PCK_R(PCK_Chunk_Free_FreeHdr_Next)
static struct free_hdr *next_free(const struct free_hdr *f)
{
	return f->next;
}

PCK_RW(PCK_Chunk_Free_FreeHdr_Class, PCK_Chunk_Free_FreeHdr_Next, PCK_Chunk_Free_FreeHdr_Prev)
static void list_push(struct free_hdr *f, size_t cls)
{
	f->cls = cls;
	f->prev = NULL;
	f->next = lists[cls];
	if (f->next)
		f->next->prev = f;
	lists[cls] = f;
}

PCK_RW(PCK_Chunk_Free_FreeHdr_Class, PCK_Chunk_Free_FreeHdr_Next, PCK_Chunk_Free_FreeHdr_Prev)
static void list_remove(struct free_hdr *f)
{
	if (f->prev)
		f->prev->next = f->next; /* reported: double_insert */
	else
		lists[f->cls] = f->next;
	if (f->next)
		f->next->prev = f->prev; /* reported: stale_link */
}

PCK_W(PCK_Chunk_Free_FreeHdr_Size, PCK_Chunk_Free_Footer)
static void make_free(unsigned char *c, size_t size, size_t prev_used)
{
	pck_transition_Chunk_Free(c, size);
	*(size_t *)c = size | prev_used;
	*(size_t *)(c + size - sizeof(size_t)) = size;
	list_push((struct free_hdr *)c, class_of(size));
	if (seg_injecting("double_insert"))
		list_push((struct free_hdr *)c, class_of(size));
}

PCK_W(PCK_Chunk_Used_UsedHdr_Size, PCK_Chunk_Used_UsedHdr_Magic)
static void make_used(unsigned char *c, size_t size, size_t prev_used)
{
	if (!seg_injecting("missing_transition"))
		pck_transition_Chunk_Used(c, size);
	struct used_hdr *u = (struct used_hdr *)c;
	u->size = size | USED | prev_used; /* reported: missing_transition */
	u->magic = MAGIC;
}

PCK_R(PCK_Chunk_Free_Footer)
static size_t prev_size(const unsigned char *c)
{
	return *(const size_t *)(c - sizeof(size_t));
}

PCK_R(PCK_Chunk_Used_UsedHdr_Magic)
static int valid_used(const unsigned char *c)
{
	return ((const struct used_hdr *)c)->magic == MAGIC;
}

void seg_init(void)
{
	pck_transition_Arena(arena, sizeof arena);
	memset(lists, 0, sizeof lists);
	size_t heap = sizeof arena - 16;
	make_free(arena, heap, PREV_USED);
	make_used(arena + heap, 16, 0); /* the fence: never freed, ends coalescing */
}

/* The allocator's entry points never touch a payload (realloc copies
 * one, with a grant of its own). */
PCK_NONE(PCK_Chunk_Used)
void *seg_malloc(size_t n)
{
	size_t need = (n + sizeof(struct used_hdr) + 15) & ~(size_t)15;
	if (need < MIN_CHUNK)
		need = MIN_CHUNK;
	for (size_t cls = class_of(need); cls < NCLASS; cls++)
		for (struct free_hdr *f = lists[cls]; f; f = next_free(f)) {
			unsigned char *c = (unsigned char *)f;
			size_t w = hdr_word(c), size = w & ~FLAGS;
			if (size < need && !seg_injecting("wrong_size_class"))
				continue;
			list_remove(f);
			if (size >= need + MIN_CHUNK) {
				make_free(c + need, size - need, PREV_USED);
				size = need;
			} else {
				unsigned char *next = c + size;
				set_hdr_word(next, hdr_word(next) | PREV_USED);
			}
			make_used(c, size, w & PREV_USED);
			return c + sizeof(struct used_hdr);
		}
	return NULL;
}

PCK_NONE(PCK_Chunk_Used)
void seg_free(void *p)
{
	if (!p)
		return;
	unsigned char *c = (unsigned char *)p - sizeof(struct used_hdr);
	if (!valid_used(c)) {
		fprintf(stderr, "seg: free of %p, which is not in use\n", p);
		abort();
	}
	size_t w = hdr_word(c), size = w & ~FLAGS, prev_used = w & PREV_USED;
	unsigned char *next = c + size;
	size_t nw = hdr_word(next);
	if (!(nw & USED)) {
		if (!seg_injecting("stale_link"))
			list_remove((struct free_hdr *)next);
		size += nw & ~FLAGS;
	} else {
		set_hdr_word(next, nw & ~PREV_USED);
	}
	if (!prev_used) {
		size_t ps = prev_size(c);
		c -= ps;
		size += ps;
		list_remove((struct free_hdr *)c);
		prev_used = hdr_word(c) & PREV_USED;
	}
	make_free(c, size, prev_used);
}

PCK_RW(PCK_Chunk_Used)
void *seg_realloc(void *p, size_t n)
{
	if (!p)
		return seg_malloc(n);
	unsigned char *c = (unsigned char *)p - sizeof(struct used_hdr);
	size_t have = (hdr_word(c) & ~FLAGS) - sizeof(struct used_hdr);
	if (n <= have)
		return p;
	unsigned char *q = seg_malloc(n);
	if (!q)
		return NULL;
	if (seg_injecting("cloned_object"))
		memcpy(q - sizeof(struct used_hdr), c, have + sizeof(struct used_hdr)); /* reported: cloned_object */
	else
		memcpy(q, p, have);
	seg_free(p);
	return q;
}

void seg_stats(size_t *used, size_t *used_bytes, size_t *free, size_t *free_bytes)
{
	*used = *used_bytes = *free = *free_bytes = 0;
	for (unsigned char *c = arena; c < arena + sizeof arena - 16;) {
		size_t w = hdr_word(c), size = w & ~FLAGS;
		if (w & USED) {
			++*used;
			*used_bytes += size;
		} else {
			++*free;
			*free_bytes += size;
		}
		c += size;
	}
}
